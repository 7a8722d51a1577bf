import type { ActorRefFrom } from 'xstate';
import type { AmountProblem } from '../../../../domain/wallet/entry.ts';
import type {
  BuyProduct,
  EarningsBuyEvent,
  earningsBuyMachine,
} from '../../../../machines/earnings-buy.machine.ts';
import { useSelector } from '../../../use-app-actor.ts';

/** Where the buy flow stands, as the panel draws it (closed: nothing is drawn). */
export type BuyStep = 'closed' | 'amount' | 'confirming' | 'buying' | 'done';

/** Everything the buy panel shows, in plain values, and the one way it answers. */
export interface BuyPanelProps {
  step: BuyStep;
  product: BuyProduct | null;
  amount: string;
  problem: AmountProblem | null;
  /** The financial account's available balance of the product's currency (it follows the account). */
  balance: string;
  send: (event: EarningsBuyEvent) => void;
}

type BuySnapshot = ReturnType<ActorRefFrom<typeof earningsBuyMachine>['getSnapshot']>;

function stepOf(snapshot: BuySnapshot): BuyStep {
  if (!snapshot.context.product || snapshot.matches('choosing')) return 'closed';
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('buying')) return 'buying';
  if (snapshot.matches('confirming')) return 'confirming';
  return 'amount';
}

/** The buy machine's state as the panel's props. */
export function useBuyPanel(actor: ActorRefFrom<typeof earningsBuyMachine>): BuyPanelProps {
  const step = useSelector(actor, stepOf);
  const { product, amount, problem, balance } = useSelector(actor, (snapshot) => snapshot.context);
  return { step, product, amount, problem, balance, send: actor.send };
}
