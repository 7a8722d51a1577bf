import type { NewsTranslation } from './types.ts';

/** Dutch: every seeded article's title and a shorter translated body, and the category names. */
export const du: NewsTranslation = {
  categories: {
    1: 'Banners',
    4: 'Over ons',
    5: 'Helpcentrum',
    6: 'Voorwaarden & juridisch',
    22: 'Mededelingen',
    26: 'Privacy',
  },
  articles: {
    1: {
      title: 'Welkom bij Tessera',
      content:
        '<h2>Welkom bij Tessera</h2>\n<p>Tessera is een simulator van een cryptobeurs: elke markt draait in je browser, zodat je spot-, hefboom- en microhandel zonder risico kunt leren.</p>\n<p><a href="/register">Maak een demo-account</a> om te beginnen.</p>',
    },
    2: {
      title: 'Spothandel, live gesimuleerd',
      content:
        '<h2>Spothandel, live gesimuleerd</h2>\n<p>Plaats limiet- en marktorders op een matching engine die lokaal draait en zie hoe ze in het boek komen en door gesimuleerde handelaren worden uitgevoerd.</p>\n<p><a href="/trade">Open het spothandelscherm</a></p>',
    },
    3: {
      title: 'Long of short',
      content:
        '<h2>Long of short</h2>\n<p>Oefen hefboomposities met take-profit en stop-loss, of een microcontract met vaste looptijd en aftelling. Verliezen raken alleen demosaldi.</p>',
    },
    4: {
      title: 'Rendement met vaste looptijd',
      content:
        '<h2>Rendement met vaste looptijd</h2>\n<p>Kies een looptijd, zet een demobedrag vast en volg de gesimuleerde dagelijkse uitkeringen.</p>',
    },
    10: {
      title: 'Over Tessera',
      content:
        '<h2>Over Tessera</h2>\n<p>Tessera is een demonstratiebeurs voor crypto-assets. Ze bootst de schermen en stappen van een retailbeurs na – registratie, spot, hefboom, microcontracten, walletrekeningen en spaarproducten – op een simulator die volledig in je browser draait.</p>',
    },
    11: {
      title: 'Contact',
      content:
        '<h2>Contact</h2>\n<p>Tessera is een demo in je browser: er is geen handelsdesk en geen klantenteam dat je gegevens kan zien. Saldi, orders en instellingen bestaan alleen op je apparaat.</p>\n<p>Lees eerst de handleidingen in het Helpcentrum.</p>',
    },
    12: {
      title: 'Kosten en limieten',
      content:
        '<h2>Kosten en limieten</h2>\n<p>Kosten op Tessera zijn gesimuleerd en worden in demosaldi berekend, zodat de cijfers zich gedragen als op een echte beurs. Bij spothandel wordt een vergoeding op het uitgevoerde bedrag ingehouden.</p>',
    },
    13: {
      title: 'Noteringsbeleid',
      content:
        '<h2>Noteringsbeleid</h2>\n<p>De markten op Tessera zijn gekozen om de simulator nuttig te maken om te leren, niet om een project aan te bevelen. Een genoteerd paar zegt niets over de kwaliteit, wettigheid of waarde van het echte asset met dezelfde naam.</p>',
    },
    20: {
      title: 'Zo registreer je',
      content:
        '<h2>Zo registreer je</h2>\n<p>Je registreert met een e-mailadres of een mobiel nummer: kies het tabblad, vul je account in (op het telefoontabblad eerst de landcode), vraag een code aan, vul die in en kies een wachtwoord.</p>',
    },
    21: {
      title: 'Zo stort je',
      content:
        '<h2>Zo stort je</h2>\n<p>Stuur nooit echte crypto-assets naar een adres dat Tessera toont: de stortingsadressen zijn plaatshouders en wat je stuurt gaat verloren.</p>\n<p>Stortingen worden in de demo gesimuleerd op de pagina Assets.</p>',
    },
    22: {
      title: 'Zo plaats je een spotorder',
      content:
        '<h2>Zo plaats je een spotorder</h2>\n<p>Open Handel, kies een paar (bijvoorbeeld BTC/USDT), kies Limiet of Markt, vul een hoeveelheid in of kies met de schuif 25%, 50%, 75% of 100% van je saldo, en druk op Kopen of Verkopen.</p>',
    },
    23: {
      title: 'Gids hefboomhandel',
      content:
        '<h2>Gids hefboomhandel</h2>\n<p>Met hefboomhandel open je een longpositie (winst als de prijs stijgt) of een shortpositie (winst als de prijs daalt) met een onderpand dat een deel van de positiewaarde is. Take-profit en stop-loss sluiten de positie op jouw prijzen.</p>',
    },
    24: {
      title: 'Microcontracten uitgelegd',
      content:
        '<h2>Microcontracten uitgelegd</h2>\n<p>Een microcontract is een korte voorspelling met vaste looptijd of een prijs stijgt of daalt. Kies paar, duur en bedrag; de afrekening gebruikt echte transacties van de openbare tape.</p>',
    },
    30: {
      title: 'Gebruiksvoorwaarden',
      content:
        '<h2>Gebruiksvoorwaarden</h2>\n<p>Tessera is een simulatie voor onderwijs en demonstratie. Alle markten, prijzen, saldi, orders en transacties zijn gesimuleerd en hebben geen geldwaarde. Door de demo te gebruiken aanvaard je deze voorwaarden.</p>',
    },
    31: {
      title: 'Risicoverklaring',
      content:
        '<h2>Risicoverklaring</h2>\n<p>Tessera zelf heeft geen financieel risico, omdat alleen demosaldi worden gebruikt. Op een echte beurs schommelen crypto-assets sterk, vermenigvuldigt een hefboom verliezen en kan een contract met vaste looptijd de hele inzet kosten.</p>',
    },
    32: {
      title: 'AML/KYC-beleid',
      content:
        '<h2>AML/KYC-beleid</h2>\n<p>Echte beurzen moeten de identiteit van klanten controleren (KYC) en transacties bewaken tegen witwassen (AML). De pagina Verificatie toont alleen de stappen: upload geen echte identiteitsbewijzen.</p>',
    },
    33: {
      title: 'Cookiebeleid',
      content:
        '<h2>Cookiebeleid</h2>\n<p>Tessera gebruikt geen advertentie- of analysecookies. Gegevens staan in de opslag van je browser: sessie, taal, thema, accountnaam en de database van de simulator.</p>',
    },
    40: {
      title: 'Tessera is een demo: alle markten zijn gesimuleerd',
      content:
        '<h2>Tessera is een demo: alle markten zijn gesimuleerd</h2>\n<p>Elke prijs, elk orderboek en elke transactie komt van een simulator in je browser. Saldi zijn demo-eenheden zonder geldwaarde; stortingsadressen zijn plaatshouders.</p>',
    },
    41: {
      title: 'Nieuwe gesimuleerde markt: BIB/USDT',
      content:
        '<h2>Nieuwe gesimuleerde markt: BIB/USDT</h2>\n<p>Het paar BIB/USDT is nu beschikbaar voor gesimuleerde spothandel en staat in de markttabel op de startpagina.</p>\n<p><strong>Let op:</strong> Tessera is een demobeurs. Prijzen, orderboeken, saldi en transacties worden in je browser gesimuleerd. Er is geen echt geld en geen echte crypto-asset bij betrokken.</p>',
    },
    42: {
      title: 'Gepland onderhoud van de simulatorengine',
      content:
        '<h2>Gepland onderhoud van de simulatorengine</h2>\n<p>Er wordt een nieuwe versie van de matching engine in de browser uitgerold; bij de volgende keer kan je gevraagd worden de pagina te herladen. Je account, saldi en geschiedenis blijven in je browser.</p>',
    },
    43: {
      title: 'Take-profit en stop-loss voor hefboomposities',
      content:
        '<h2>Take-profit en stop-loss voor hefboomposities</h2>\n<p>Je kunt nu een take-profit- en stop-lossprijs aan hefboomposities koppelen en die aanpassen zolang de positie open is.</p>\n<p><strong>Let op:</strong> Tessera is een demobeurs. Prijzen, orderboeken, saldi en transacties worden in je browser gesimuleerd. Er is geen echt geld en geen echte crypto-asset bij betrokken.</p>',
    },
    44: {
      title: 'Microcontracten zijn live',
      content:
        '<h2>Microcontracten zijn live</h2>\n<p>Stijgt/daalt-contracten met vaste looptijd staan nu op het Micro-scherm: kies een duur, kies stijgt of daalt en volg de aftelling.</p>\n<p><strong>Let op:</strong> Tessera is een demobeurs. Prijzen, orderboeken, saldi en transacties worden in je browser gesimuleerd. Er is geen echt geld en geen echte crypto-asset bij betrokken.</p>',
    },
    45: {
      title: 'Beveiligingstip: bescherm je wachtwoorden',
      content:
        '<h2>Beveiligingstip: bescherm je wachtwoorden</h2>\n<p>Tessera vraagt nooit via bericht, e-mail of telefoon om je wachtwoord, verificatiecode of handelswachtwoord. Gebruik een wachtwoord dat je nergens anders gebruikt.</p>',
    },
    66: {
      title: 'Privacybeleid',
      content:
        '<h2>Privacybeleid</h2>\n<p>Tessera bewaart je gegevens alleen in je eigen browser; we hebben geen server die account-, handels- of identiteitsgegevens ontvangt. Wis de sitegegevens om alles te verwijderen.</p>',
    },
  },
};
