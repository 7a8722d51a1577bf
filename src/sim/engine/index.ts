export { OrderBook, type OrderBookOptions } from './order-book';
export { BUY, SELL, type FillListener, type RestingOrder, type Side } from './types';
