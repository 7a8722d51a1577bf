import type { NewsTranslation } from './types.ts';

/** German: every seeded article's title and a shorter translated body, and the category names. */
export const gm: NewsTranslation = {
  categories: {
    1: 'Banner',
    4: 'Über uns',
    5: 'Hilfe-Center',
    6: 'Bedingungen & Rechtliches',
    22: 'Ankündigungen',
    26: 'Datenschutz',
  },
  articles: {
    1: {
      title: 'Willkommen bei Tessera',
      content:
        '<h2>Willkommen bei Tessera</h2>\n<p>Tessera ist ein Krypto-Börsensimulator: Jeder Markt läuft in Ihrem Browser, sodass Sie Spot-, Hebel- und Mikrohandel ohne Risiko lernen können.</p>\n<p><a href="/register">Demo-Konto anlegen</a> und loslegen.</p>',
    },
    2: {
      title: 'Spot-Handel, live simuliert',
      content:
        '<h2>Spot-Handel, live simuliert</h2>\n<p>Platzieren Sie Limit- und Market-Orders auf einer lokal laufenden Matching-Engine und sehen Sie zu, wie sie im Orderbuch liegen und von simulierten Händlern ausgeführt werden.</p>\n<p><a href="/trade">Spot-Handel öffnen</a></p>',
    },
    3: {
      title: 'Long oder short',
      content:
        '<h2>Long oder short</h2>\n<p>Üben Sie Hebelpositionen mit Take-Profit und Stop-Loss oder einen Mikro-Kontrakt mit fester Laufzeit und Countdown. Verluste treffen nur Demo-Guthaben.</p>',
    },
    4: {
      title: 'Festgeld-Erträge',
      content:
        '<h2>Festgeld-Erträge</h2>\n<p>Wählen Sie eine Laufzeit, binden Sie einen Demo-Betrag und verfolgen Sie die simulierten täglichen Erträge.</p>',
    },
    10: {
      title: 'Über Tessera',
      content:
        '<h2>Über Tessera</h2>\n<p>Tessera ist eine Demonstrations-Börse für Krypto-Assets. Sie bildet die Seiten und Abläufe einer Retail-Börse nach – Registrierung, Spot, Hebel, Mikro-Kontrakte, Wallet-Konten und Anlageprodukte – auf einem Simulator, der vollständig in Ihrem Browser läuft.</p>',
    },
    11: {
      title: 'Kontakt',
      content:
        '<h2>Kontakt</h2>\n<p>Tessera ist eine Demo in Ihrem Browser: Es gibt keinen Handelsdesk und kein Kundenteam, das Ihre Daten sehen könnte. Guthaben, Orders und Einstellungen existieren nur auf Ihrem Gerät.</p>\n<p>Lesen Sie zuerst die Anleitungen im Hilfe-Center.</p>',
    },
    12: {
      title: 'Gebühren und Limits',
      content:
        '<h2>Gebühren und Limits</h2>\n<p>Gebühren auf Tessera sind simuliert und werden in Demo-Guthaben berechnet, damit sich die Zahlen wie an einer echten Börse verhalten. Beim Spot-Handel fällt eine Gebühr auf den ausgeführten Betrag an.</p>',
    },
    13: {
      title: 'Listing-Richtlinie',
      content:
        '<h2>Listing-Richtlinie</h2>\n<p>Die Märkte auf Tessera sind ausgewählt, um den Simulator zum Lernen nützlich zu machen, nicht um ein Projekt zu empfehlen. Ein gelistetes Paar sagt nichts über Qualität, Legalität oder Wert des gleichnamigen echten Assets aus.</p>',
    },
    20: {
      title: 'So registrieren Sie sich',
      content:
        '<h2>So registrieren Sie sich</h2>\n<p>Sie können sich mit E-Mail-Adresse oder Handynummer registrieren: Tab wählen, Konto eingeben (im Telefon-Tab zuerst die Ländervorwahl), Code anfordern, eingeben und ein Passwort festlegen.</p>',
    },
    21: {
      title: 'So zahlen Sie ein',
      content:
        '<h2>So zahlen Sie ein</h2>\n<p>Senden Sie niemals echte Krypto-Assets an eine auf Tessera angezeigte Adresse: Die Einzahlungsadressen sind Platzhalter, und Gesendetes ginge verloren.</p>\n<p>Einzahlungen werden in der Demo auf der Seite „Assets“ simuliert.</p>',
    },
    22: {
      title: 'So platzieren Sie eine Spot-Order',
      content:
        '<h2>So platzieren Sie eine Spot-Order</h2>\n<p>Öffnen Sie „Handel“, wählen Sie ein Paar (z. B. BTC/USDT), dann Limit oder Market, geben Sie eine Menge ein oder wählen Sie mit dem Regler 25 %, 50 %, 75 % oder 100 % Ihres Guthabens, und drücken Sie Kaufen oder Verkaufen.</p>',
    },
    23: {
      title: 'Leitfaden Hebelhandel',
      content:
        '<h2>Leitfaden Hebelhandel</h2>\n<p>Mit Hebelhandel eröffnen Sie eine Long-Position (Gewinn bei steigendem Preis) oder eine Short-Position (Gewinn bei fallendem Preis) mit einer Sicherheit, die nur einen Teil des Positionswerts ausmacht. Take-Profit und Stop-Loss schließen die Position zu Ihren Preisen.</p>',
    },
    24: {
      title: 'Mikro-Kontrakte erklärt',
      content:
        '<h2>Mikro-Kontrakte erklärt</h2>\n<p>Ein Mikro-Kontrakt ist eine kurze Vorhersage mit fester Laufzeit, ob ein Preis steigt oder fällt. Wählen Sie Paar, Dauer und Betrag; abgerechnet wird mit echten Trades des öffentlichen Tapes.</p>',
    },
    30: {
      title: 'Nutzungsbedingungen',
      content:
        '<h2>Nutzungsbedingungen</h2>\n<p>Tessera ist eine Simulation zu Lern- und Vorführzwecken. Alle Märkte, Preise, Guthaben, Orders und Trades sind simuliert und haben keinen Geldwert. Mit der Nutzung der Demo akzeptieren Sie diese Bedingungen.</p>',
    },
    31: {
      title: 'Risikohinweis',
      content:
        '<h2>Risikohinweis</h2>\n<p>Tessera selbst birgt kein finanzielles Risiko, da nur Demo-Guthaben verwendet werden. An einer echten Börse schwanken Krypto-Assets stark, Hebel vervielfacht Verluste, und Kontrakte mit fester Laufzeit können den ganzen Einsatz kosten.</p>',
    },
    32: {
      title: 'AML/KYC-Richtlinie',
      content:
        '<h2>AML/KYC-Richtlinie</h2>\n<p>Echte Börsen müssen die Identität ihrer Kunden prüfen (KYC) und Transaktionen gegen Geldwäsche überwachen (AML). Die Seite „Authentifizierung“ zeigt den Ablauf nur: Laden Sie keine echten Ausweisdokumente hoch.</p>',
    },
    33: {
      title: 'Cookie-Richtlinie',
      content:
        '<h2>Cookie-Richtlinie</h2>\n<p>Tessera verwendet keine Werbe- oder Analyse-Cookies. Die Daten liegen im Speicher Ihres Browsers: Sitzung, Sprache, Design, Kontoname und die Datenbank des Simulators.</p>',
    },
    40: {
      title: 'Tessera ist eine Demo: Alle Märkte sind simuliert',
      content:
        '<h2>Tessera ist eine Demo: Alle Märkte sind simuliert</h2>\n<p>Jeder Preis, jedes Orderbuch und jeder Trade stammt von einem Simulator in Ihrem Browser. Guthaben sind Demo-Einheiten ohne Geldwert; Einzahlungsadressen sind Platzhalter.</p>',
    },
    41: {
      title: 'Neuer simulierter Markt: BIB/USDT',
      content:
        '<h2>Neuer simulierter Markt: BIB/USDT</h2>\n<p>Das Paar BIB/USDT ist jetzt für simulierten Spot-Handel verfügbar und erscheint in der Markttabelle der Startseite.</p>\n<p><strong>Hinweis:</strong> Tessera ist eine Demo-Börse. Preise, Orderbücher, Guthaben und Trades werden in Ihrem Browser simuliert. Es ist kein echtes Geld und kein echtes Krypto-Asset im Spiel.</p>',
    },
    42: {
      title: 'Geplantes Update der Simulator-Engine',
      content:
        '<h2>Geplantes Update der Simulator-Engine</h2>\n<p>Eine neue Version der Matching-Engine im Browser wird ausgerollt; beim nächsten Öffnen werden Sie eventuell um ein Neuladen gebeten. Konto, Guthaben und Verlauf bleiben in Ihrem Browser.</p>',
    },
    43: {
      title: 'Take-Profit und Stop-Loss für Hebelpositionen',
      content:
        '<h2>Take-Profit und Stop-Loss für Hebelpositionen</h2>\n<p>Sie können jetzt Take-Profit- und Stop-Loss-Preise an Hebelpositionen anhängen und sie ändern, solange die Position offen ist.</p>\n<p><strong>Hinweis:</strong> Tessera ist eine Demo-Börse. Preise, Orderbücher, Guthaben und Trades werden in Ihrem Browser simuliert. Es ist kein echtes Geld und kein echtes Krypto-Asset im Spiel.</p>',
    },
    44: {
      title: 'Mikro-Kontrakte sind live',
      content:
        '<h2>Mikro-Kontrakte sind live</h2>\n<p>Steigt/Fällt-Kontrakte mit fester Laufzeit gibt es jetzt auf der Mikro-Seite: Dauer wählen, steigt oder fällt wählen und den Countdown verfolgen.</p>\n<p><strong>Hinweis:</strong> Tessera ist eine Demo-Börse. Preise, Orderbücher, Guthaben und Trades werden in Ihrem Browser simuliert. Es ist kein echtes Geld und kein echtes Krypto-Asset im Spiel.</p>',
    },
    45: {
      title: 'Sicherheitshinweis: Schützen Sie Ihre Passwörter',
      content:
        '<h2>Sicherheitshinweis: Schützen Sie Ihre Passwörter</h2>\n<p>Tessera fragt niemals per Nachricht, E-Mail oder Telefon nach Ihrem Passwort, Bestätigungscode oder Handelspasswort. Verwenden Sie ein Passwort, das Sie nirgends sonst nutzen.</p>',
    },
    66: {
      title: 'Datenschutzerklärung',
      content:
        '<h2>Datenschutzerklärung</h2>\n<p>Tessera speichert Ihre Daten nur in Ihrem eigenen Browser; wir betreiben keinen Server, der Konto-, Handels- oder Identitätsdaten empfängt. Löschen Sie die Website-Daten, um alles zu entfernen.</p>',
    },
  },
};
