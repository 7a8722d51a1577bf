import { assign, fromPromise, setup } from 'xstate';

/** A colour of the card: the current theme's, read by the view from its design tokens. */
export interface PnlCardPalette {
  readonly background: string;
  readonly raised: string;
  readonly border: string;
  readonly text: string;
  readonly muted: string;
  readonly brand: string;
  readonly up: string;
  readonly down: string;
  readonly font: string;
}

/**
 * What a PnL card shows, every word translated and every number formatted in the user's language
 * (the view builds it): the pair, the side and leverage, entry and mark or exit, the PnL and its %,
 * and a QR code of the user's invite link. Never a balance or the account's name: nothing here has
 * a place for one.
 */
export interface PnlCardPicture {
  /** The product ("Lever", "Micro") and the moment the figures are of ("Closed 11/28 10:00:00"). */
  readonly product: string;
  readonly moment: string;
  readonly pair: string;
  /** The side with its leverage ("Long 10×") or direction ("Up"), and whether it is a buy side. */
  readonly side: string;
  readonly sideUp: boolean;
  readonly pnl: string;
  readonly percent: string;
  readonly pnlTone: 'up' | 'down' | 'flat';
  /** Labelled figures under the PnL: entry, then mark or exit. */
  readonly rows: readonly { readonly label: string; readonly value: string }[];
  readonly invite: { readonly link: string; readonly caption: string };
  readonly palette: PnlCardPalette;
  /** The downloaded file's name, without a path. */
  readonly fileName: string;
}

/** A drawn card: the PNG, and the same image as a data address for the dialog's <img>. */
export interface DrawnCard {
  readonly png: Blob;
  readonly preview: string;
}

export interface PnlCardContext {
  picture: PnlCardPicture | null;
  /** The PNG drawn from the picture. */
  image: DrawnCard | null;
  /** What became of the last copy to the clipboard. */
  copy: 'idle' | 'copied' | 'failed';
}

export type PnlCardEvent =
  | { type: 'OPEN'; picture: PnlCardPicture }
  | { type: 'COPY' }
  | { type: 'SAVE' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

/**
 * A PnL card to share (issue 32 item 5): drawn to a PNG when opened, then downloaded or copied to
 * the clipboard as that image. Drawing, copying and saving are the app's (src/app/machines): a
 * canvas and the clipboard are the browser's, and tests hand in their own.
 */
export const pnlCardMachine = setup({
  types: {
    context: {} as PnlCardContext,
    events: {} as PnlCardEvent,
  },
  actors: {
    draw: fromPromise<DrawnCard, PnlCardPicture>(() =>
      Promise.reject(new Error('draw: provided by the app')),
    ),
    copyImage: fromPromise<void, Blob>(() => Promise.reject(new Error('copyImage: provided by the app'))),
  },
  actions: {
    save: (_, _params: { image: Blob; fileName: string }) => undefined,
    open: assign({
      picture: ({ event }) => (event.type === 'OPEN' ? event.picture : null),
      image: null,
      copy: 'idle' as const,
    }),
  },
}).createMachine({
  id: 'pnlCard',
  context: { picture: null, image: null, copy: 'idle' },
  initial: 'hidden',
  on: {
    OPEN: { target: '.drawing', actions: 'open' },
    CLOSE: { target: '.hidden', actions: assign({ picture: null, image: null, copy: 'idle' as const }) },
  },
  states: {
    hidden: {},
    drawing: {
      invoke: {
        src: 'draw',
        input: ({ context }) => context.picture!,
        onDone: { target: 'ready', actions: assign({ image: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'drawing' },
    },
    ready: {
      on: {
        COPY: 'copying',
        SAVE: {
          actions: {
            type: 'save',
            params: ({ context }) => ({ image: context.image!.png, fileName: context.picture!.fileName }),
          },
        },
      },
    },
    copying: {
      entry: assign({ copy: 'idle' as const }),
      invoke: {
        src: 'copyImage',
        input: ({ context }) => context.image!.png,
        onDone: { target: 'ready', actions: assign({ copy: 'copied' as const }) },
        onError: { target: 'ready', actions: assign({ copy: 'failed' as const }) },
      },
    },
  },
});
