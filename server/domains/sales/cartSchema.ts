import { idField } from '../../http/fields.ts';
import { discountRateField } from './lineDiscount.ts';

/** The JSON schema of a cart's lines, as the register sends them to price, check coupons or settle. */
export const cartLines = {
  type: 'array', title: '商品', minItems: 1, maxItems: 500,
  items: {
    type: 'object', required: ['skuId', 'quantity'], additionalProperties: false,
    properties: { skuId: idField('商品'), quantity: { type: 'integer', minimum: 1, maximum: 9999, title: '数量' }, price: { type: 'number', minimum: 0, maximum: 9999999.99, title: '单价' }, discountRate: discountRateField },
  },
};
