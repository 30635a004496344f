import { Modal } from '@mantine/core';
import { notifySuccess } from '../../src/feedback/notify';
import type { OrderDetail } from './OrderMoney';
import { useOrdersT } from './labels';
import { LineRefundForm } from './LineRefundForm';
import { amountText } from '../../core/money.ts';

/**
 * 部分退款 from the order's detail: LineRefundForm (chosen lines and quantities, quoted by the server, refunded once
 * per dialog) in a dialog; the detail reloads once the refund is made.
 */
export function LineRefundDialog({ order, onClose, onRefunded }: { order: OrderDetail; onClose: () => void; onRefunded: () => Promise<void> | void }) {
  const t = useOrdersT();
  return (
    <Modal opened onClose={onClose} size="lg" centered title={t('lineRefundTitle', { orderNo: order.orderNo })}>
      <LineRefundForm order={order} onCancel={onClose} onRefunded={async (r) => {
        notifySuccess({ text: [t('lineRefunded', { amount: amountText(r.refundAmount) }), r.writeOffNo ? t('writtenOff', { no: r.writeOffNo }) : ''].filter(Boolean).join('；') });
        await onRefunded();
        onClose();
      }} />
    </Modal>
  );
}
