import type { NewsTranslation } from './types.ts';

/** French: every seeded article's title and a shorter translated body, and the category names. */
export const fr: NewsTranslation = {
  categories: {
    1: 'Bannières',
    4: 'À propos',
    5: "Centre d'aide",
    6: 'Conditions et mentions légales',
    22: 'Annonces',
    26: 'Confidentialité',
  },
  articles: {
    1: {
      title: 'Bienvenue sur Tessera',
      content:
        '<h2>Bienvenue sur Tessera</h2>\n<p>Tessera est un simulateur de plateforme d\'échange crypto : chaque marché tourne dans votre navigateur, pour apprendre le trading au comptant, à effet de levier et micro sans aucun risque.</p>\n<p><a href="/register">Créez un compte de démonstration</a> pour commencer.</p>',
    },
    2: {
      title: 'Le trading au comptant, simulé en direct',
      content:
        '<h2>Le trading au comptant, simulé en direct</h2>\n<p>Passez des ordres à cours limité et au marché sur un moteur d\'appariement local, et regardez-les entrer dans le carnet puis être exécutés par des traders simulés.</p>\n<p><a href="/trade">Ouvrir l\'écran de trading</a></p>',
    },
    3: {
      title: 'À la hausse ou à la baisse',
      content:
        '<h2>À la hausse ou à la baisse</h2>\n<p>Entraînez-vous aux positions à effet de levier avec prise de bénéfice et stop de perte, ou à un micro-contrat à durée fixe avec compte à rebours. Les pertes ne touchent que des soldes de démonstration.</p>',
    },
    4: {
      title: 'Placements à terme',
      content:
        '<h2>Placements à terme</h2>\n<p>Choisissez une durée, bloquez un montant de démonstration et suivez les dividendes quotidiens simulés.</p>',
    },
    10: {
      title: 'À propos de Tessera',
      content:
        "<h2>À propos de Tessera</h2>\n<p>Tessera est une plateforme de démonstration de crypto-actifs. Elle reproduit les écrans et les parcours d'une plateforme grand public – inscription, comptant, levier, micro-contrats, comptes de portefeuille et produits d'épargne – sur un simulateur qui tourne entièrement dans votre navigateur.</p>",
    },
    11: {
      title: 'Nous contacter',
      content:
        "<h2>Nous contacter</h2>\n<p>Tessera est une démo qui tourne dans votre navigateur : il n'y a ni salle de marché ni équipe client pouvant voir vos données. Vos soldes, ordres et réglages n'existent que sur votre appareil.</p>\n<p>Commencez par les guides du Centre d'aide.</p>",
    },
    12: {
      title: 'Frais et limites',
      content:
        '<h2>Frais et limites</h2>\n<p>Les frais sur Tessera sont simulés et prélevés sur les soldes de démonstration, pour que les chiffres se comportent comme sur une vraie plateforme. Au comptant, des frais sont déduits du montant exécuté.</p>',
    },
    13: {
      title: 'Politique de cotation',
      content:
        "<h2>Politique de cotation</h2>\n<p>Les marchés de Tessera sont choisis pour rendre le simulateur utile à l'apprentissage, non pour recommander un projet. Une paire cotée ne dit rien de la qualité, de la légalité ou de la valeur de l'actif réel du même nom.</p>",
    },
    20: {
      title: "Comment s'inscrire",
      content:
        "<h2>Comment s'inscrire</h2>\n<p>Inscrivez-vous avec une adresse e-mail ou un numéro de mobile : choisissez l'onglet, saisissez le compte (sur l'onglet téléphone, choisissez d'abord l'indicatif du pays), demandez un code, saisissez-le et choisissez un mot de passe.</p>",
    },
    21: {
      title: 'Comment déposer',
      content:
        "<h2>Comment déposer</h2>\n<p>N'envoyez jamais de vrais crypto-actifs à une adresse affichée sur Tessera : les adresses de dépôt sont fictives et tout envoi serait perdu.</p>\n<p>Les dépôts sont simulés dans la démo depuis la page Actifs.</p>",
    },
    22: {
      title: 'Comment passer un ordre au comptant',
      content:
        '<h2>Comment passer un ordre au comptant</h2>\n<p>Ouvrez Trading, choisissez une paire (par exemple BTC/USDT), puis Limite ou Marché, saisissez une quantité ou choisissez avec le curseur 25 %, 50 %, 75 % ou 100 % de votre solde, et appuyez sur Acheter ou Vendre.</p>',
    },
    23: {
      title: 'Guide du trading à effet de levier',
      content:
        "<h2>Guide du trading à effet de levier</h2>\n<p>L'effet de levier permet d'ouvrir une position longue (gain si le prix monte) ou courte (gain si le prix baisse) avec une marge qui n'est qu'une partie de la valeur de la position. La prise de bénéfice et le stop de perte la clôturent à vos prix.</p>",
    },
    24: {
      title: 'Les micro-contrats expliqués',
      content:
        "<h2>Les micro-contrats expliqués</h2>\n<p>Un micro-contrat est une prédiction courte, à durée fixe, de la hausse ou de la baisse d'un prix. Choisissez la paire, la durée et le montant ; le règlement utilise les transactions réelles du flux public.</p>",
    },
    30: {
      title: "Conditions d'utilisation",
      content:
        "<h2>Conditions d'utilisation</h2>\n<p>Tessera est une simulation à but pédagogique et démonstratif. Tous les marchés, prix, soldes, ordres et transactions sont simulés et n'ont aucune valeur monétaire. En utilisant la démo, vous acceptez ces conditions.</p>",
    },
    31: {
      title: 'Avertissement sur les risques',
      content:
        "<h2>Avertissement sur les risques</h2>\n<p>Tessera ne comporte aucun risque financier, car elle n'utilise que des soldes de démonstration. Sur une vraie plateforme, les crypto-actifs sont très volatils, l'effet de levier multiplie les pertes et un contrat à durée fixe peut faire perdre toute la mise.</p>",
    },
    32: {
      title: 'Politique LCB/KYC',
      content:
        "<h2>Politique LCB/KYC</h2>\n<p>Les vraies plateformes doivent vérifier l'identité de leurs clients (KYC) et surveiller les transactions contre le blanchiment (LCB). La page Authentification ne fait que montrer le parcours : n'y déposez pas de vraies pièces d'identité.</p>",
    },
    33: {
      title: 'Politique relative aux cookies',
      content:
        "<h2>Politique relative aux cookies</h2>\n<p>Tessera n'utilise aucun cookie publicitaire ou de mesure d'audience. Les données sont gardées dans le stockage de votre navigateur : session, langue, thème, nom du compte et base de données du simulateur.</p>",
    },
    40: {
      title: 'Tessera est une démo : tous les marchés sont simulés',
      content:
        "<h2>Tessera est une démo : tous les marchés sont simulés</h2>\n<p>Chaque prix, carnet d'ordres et transaction provient d'un simulateur dans votre navigateur. Les soldes sont des unités de démonstration sans valeur monétaire ; les adresses de dépôt sont fictives.</p>",
    },
    41: {
      title: 'Nouveau marché simulé : BIB/USDT',
      content:
        "<h2>Nouveau marché simulé : BIB/USDT</h2>\n<p>La paire BIB/USDT est désormais disponible au trading au comptant simulé et apparaît dans le tableau des marchés de l'accueil.</p>\n<p><strong>Rappel :</strong> Tessera est une plateforme de démonstration. Les prix, carnets d'ordres, soldes et transactions sont simulés dans votre navigateur. Aucun argent réel ni aucun crypto-actif réel n'est en jeu.</p>",
    },
    42: {
      title: 'Mise à jour prévue du moteur du simulateur',
      content:
        "<h2>Mise à jour prévue du moteur du simulateur</h2>\n<p>Une nouvelle version du moteur d'appariement du navigateur est en cours de déploiement ; il pourra vous être demandé de recharger la page. Votre compte, vos soldes et votre historique restent dans votre navigateur.</p>",
    },
    43: {
      title: 'Prise de bénéfice et stop de perte pour les positions à levier',
      content:
        "<h2>Prise de bénéfice et stop de perte pour les positions à levier</h2>\n<p>Vous pouvez désormais associer un prix de prise de bénéfice et de stop de perte à vos positions à levier, et les modifier tant que la position est ouverte.</p>\n<p><strong>Rappel :</strong> Tessera est une plateforme de démonstration. Les prix, carnets d'ordres, soldes et transactions sont simulés dans votre navigateur. Aucun argent réel ni aucun crypto-actif réel n'est en jeu.</p>",
    },
    44: {
      title: 'Les micro-contrats sont disponibles',
      content:
        "<h2>Les micro-contrats sont disponibles</h2>\n<p>Les contrats hausse/baisse à durée fixe sont disponibles sur l'écran Micro : choisissez une durée, hausse ou baisse, et suivez le compte à rebours.</p>\n<p><strong>Rappel :</strong> Tessera est une plateforme de démonstration. Les prix, carnets d'ordres, soldes et transactions sont simulés dans votre navigateur. Aucun argent réel ni aucun crypto-actif réel n'est en jeu.</p>",
    },
    45: {
      title: 'Rappel de sécurité : protégez vos mots de passe',
      content:
        "<h2>Rappel de sécurité : protégez vos mots de passe</h2>\n<p>Tessera ne vous demandera jamais votre mot de passe, code de vérification ou mot de passe de transaction par message, e-mail ou téléphone. Utilisez un mot de passe que vous n'utilisez nulle part ailleurs.</p>",
    },
    66: {
      title: 'Politique de confidentialité',
      content:
        "<h2>Politique de confidentialité</h2>\n<p>Tessera conserve vos données uniquement dans votre propre navigateur ; nous n'exploitons aucun serveur qui reçoive vos données de compte, de trading ou d'identité. Effacez les données du site pour tout supprimer.</p>",
    },
  },
};
