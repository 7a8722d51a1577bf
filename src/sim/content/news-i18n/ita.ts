import type { NewsTranslation } from './types.ts';

/** Italian: every seeded article's title and a shorter translated body, and the category names. */
export const ita: NewsTranslation = {
  categories: {
    1: 'Banner',
    4: 'Chi siamo',
    5: 'Centro assistenza',
    6: 'Termini e note legali',
    22: 'Annunci',
    26: 'Privacy',
  },
  articles: {
    1: {
      title: 'Benvenuto su Tessera',
      content:
        '<h2>Benvenuto su Tessera</h2>\n<p>Tessera è un simulatore di exchange di criptovalute: ogni mercato gira nel tuo browser, così puoi imparare il trading spot, con leva e micro senza alcun rischio.</p>\n<p><a href="/register">Crea un account demo</a> per iniziare.</p>',
    },
    2: {
      title: 'Trading spot, simulato dal vivo',
      content:
        '<h2>Trading spot, simulato dal vivo</h2>\n<p>Inserisci ordini limite e a mercato su un motore di abbinamento locale e guardali entrare nel book ed essere eseguiti da trader simulati.</p>\n<p><a href="/trade">Apri la schermata di trading</a></p>',
    },
    3: {
      title: 'Long o short',
      content:
        '<h2>Long o short</h2>\n<p>Esercitati con posizioni a leva con take-profit e stop-loss, o con un micro contratto a tempo fisso con conto alla rovescia. Le perdite toccano solo i saldi demo.</p>',
    },
    4: {
      title: 'Rendimenti a termine',
      content:
        '<h2>Rendimenti a termine</h2>\n<p>Scegli una durata, blocca un importo demo e segui i dividendi giornalieri simulati.</p>',
    },
    10: {
      title: 'Chi è Tessera',
      content:
        '<h2>Chi è Tessera</h2>\n<p>Tessera è un exchange dimostrativo di cripto-attività. Riproduce le schermate e i percorsi di un exchange retail – registrazione, spot, leva, micro contratti, conti wallet e prodotti di rendimento – su un simulatore che gira interamente nel tuo browser.</p>',
    },
    11: {
      title: 'Contattaci',
      content:
        "<h2>Contattaci</h2>\n<p>Tessera è una demo nel tuo browser: non c'è un desk di trading né un team clienti che possa vedere i tuoi dati. Saldi, ordini e impostazioni esistono solo sul tuo dispositivo.</p>\n<p>Inizia dalle guide del Centro assistenza.</p>",
    },
    12: {
      title: 'Commissioni e limiti',
      content:
        "<h2>Commissioni e limiti</h2>\n<p>Le commissioni su Tessera sono simulate e addebitate sui saldi demo, perché i numeri si comportino come su un exchange reale. Negli scambi spot si trattiene una commissione sull'importo eseguito.</p>",
    },
    13: {
      title: 'Politica di quotazione',
      content:
        "<h2>Politica di quotazione</h2>\n<p>I mercati di Tessera sono scelti per rendere il simulatore utile all'apprendimento, non per raccomandare alcun progetto. Una coppia quotata non dice nulla su qualità, legalità o valore dell'attività reale con lo stesso nome.</p>",
    },
    20: {
      title: 'Come registrarsi',
      content:
        "<h2>Come registrarsi</h2>\n<p>Registrati con un indirizzo e-mail o un numero di cellulare: scegli la scheda, inserisci l'account (nella scheda telefono scegli prima il prefisso del paese), richiedi un codice, inseriscilo e scegli una password.</p>",
    },
    21: {
      title: 'Come depositare',
      content:
        '<h2>Come depositare</h2>\n<p>Non inviare mai cripto-attività reali a un indirizzo mostrato su Tessera: gli indirizzi di deposito sono fittizi e quanto inviato andrebbe perso.</p>\n<p>Nella demo i depositi sono simulati dalla pagina Asset.</p>',
    },
    22: {
      title: 'Come inserire un ordine spot',
      content:
        '<h2>Come inserire un ordine spot</h2>\n<p>Apri Trading, scegli una coppia (per esempio BTC/USDT), scegli Limite o Mercato, inserisci una quantità o usa il cursore per il 25%, 50%, 75% o 100% del saldo, e premi Compra o Vendi.</p>',
    },
    23: {
      title: 'Guida al trading con leva',
      content:
        '<h2>Guida al trading con leva</h2>\n<p>La leva permette di aprire una posizione long (guadagno se il prezzo sale) o short (guadagno se scende) con un margine pari a una parte del valore della posizione. Take-profit e stop-loss la chiudono ai tuoi prezzi.</p>',
    },
    24: {
      title: 'I micro contratti spiegati',
      content:
        '<h2>I micro contratti spiegati</h2>\n<p>Un micro contratto è una previsione breve, a tempo fisso, sul rialzo o ribasso di un prezzo. Scegli coppia, durata e importo; il regolamento usa gli scambi reali del nastro pubblico.</p>',
    },
    30: {
      title: 'Termini di utilizzo',
      content:
        '<h2>Termini di utilizzo</h2>\n<p>Tessera è una simulazione a scopo didattico e dimostrativo. Tutti i mercati, prezzi, saldi, ordini e scambi sono simulati e non hanno valore monetario. Usando la demo accetti questi termini.</p>',
    },
    31: {
      title: 'Informativa sui rischi',
      content:
        "<h2>Informativa sui rischi</h2>\n<p>Tessera non comporta rischi finanziari perché usa solo saldi demo. Su un exchange reale le cripto-attività sono molto volatili, la leva moltiplica le perdite e un contratto a tempo fisso può costare l'intero importo.</p>",
    },
    32: {
      title: 'Politica AML/KYC',
      content:
        "<h2>Politica AML/KYC</h2>\n<p>Gli exchange reali devono verificare l'identità dei clienti (KYC) e monitorare le operazioni contro il riciclaggio (AML). La pagina Autenticazione mostra solo il percorso: non caricare documenti d'identità reali.</p>",
    },
    33: {
      title: 'Politica sui cookie',
      content:
        "<h2>Politica sui cookie</h2>\n<p>Tessera non usa cookie pubblicitari né di analisi. I dati restano nella memoria del browser: sessione, lingua, tema, nome dell'account e database del simulatore.</p>",
    },
    40: {
      title: 'Tessera è una demo: tutti i mercati sono simulati',
      content:
        '<h2>Tessera è una demo: tutti i mercati sono simulati</h2>\n<p>Ogni prezzo, book e scambio è prodotto da un simulatore nel tuo browser. I saldi sono unità demo senza valore monetario; gli indirizzi di deposito sono fittizi.</p>',
    },
    41: {
      title: 'Nuovo mercato simulato: BIB/USDT',
      content:
        '<h2>Nuovo mercato simulato: BIB/USDT</h2>\n<p>La coppia BIB/USDT è ora disponibile per il trading spot simulato e compare nella tabella dei mercati della home.</p>\n<p><strong>Promemoria:</strong> Tessera è un exchange dimostrativo. Prezzi, book, saldi e scambi sono simulati nel tuo browser. Non sono coinvolti denaro reale né cripto-attività reali.</p>',
    },
    42: {
      title: 'Aggiornamento programmato del motore del simulatore',
      content:
        '<h2>Aggiornamento programmato del motore del simulatore</h2>\n<p>È in distribuzione una nuova versione del motore di abbinamento nel browser; la prossima volta potrebbe esserti chiesto di ricaricare la pagina. Account, saldi e cronologia restano nel tuo browser.</p>',
    },
    43: {
      title: 'Take-profit e stop-loss per le posizioni a leva',
      content:
        '<h2>Take-profit e stop-loss per le posizioni a leva</h2>\n<p>Ora puoi collegare prezzi di take-profit e stop-loss alle posizioni a leva e modificarli mentre la posizione è aperta.</p>\n<p><strong>Promemoria:</strong> Tessera è un exchange dimostrativo. Prezzi, book, saldi e scambi sono simulati nel tuo browser. Non sono coinvolti denaro reale né cripto-attività reali.</p>',
    },
    44: {
      title: 'I micro contratti sono attivi',
      content:
        '<h2>I micro contratti sono attivi</h2>\n<p>I contratti rialzo/ribasso a tempo fisso sono disponibili nella schermata Micro: scegli la durata, rialzo o ribasso, e segui il conto alla rovescia.</p>\n<p><strong>Promemoria:</strong> Tessera è un exchange dimostrativo. Prezzi, book, saldi e scambi sono simulati nel tuo browser. Non sono coinvolti denaro reale né cripto-attività reali.</p>',
    },
    45: {
      title: 'Promemoria di sicurezza: proteggi le tue password',
      content:
        "<h2>Promemoria di sicurezza: proteggi le tue password</h2>\n<p>Tessera non ti chiederà mai password, codice di verifica o password di trading via messaggio, e-mail o telefono. Usa una password che non usi da nessun'altra parte.</p>",
    },
    66: {
      title: 'Informativa sulla privacy',
      content:
        '<h2>Informativa sulla privacy</h2>\n<p>Tessera conserva i tuoi dati solo nel tuo browser; non gestiamo alcun server che riceva dati di account, trading o identità. Cancella i dati del sito per rimuovere tutto.</p>',
    },
  },
};
