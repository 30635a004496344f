import poOrder from '../../schemas/resources/po-order.json';
import { statusAfter } from '../../core/descriptors/documents.ts';

/**
 * A sale's statuses by meaning, read from its document declaration (schemas/resources/po-order.json), as the server
 * reads them: the screens test "refunded", never the number.
 */
export const SALE_STATUS = {
  done: poOrder.document.initialStatus,
  refunded: statusAfter(poOrder.document, 'refund'),
  invalid: statusAfter(poOrder.document, 'invalid'),
  partRefunded: statusAfter(poOrder.document, 'lineRefund'),
} as const;
