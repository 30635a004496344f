import { useReducer } from 'react';
import { addScanned, confirmScanned, removeLine, setDiscount, setQuantity, undoScanned, type CartLine, type ScannedSku } from './cart';
import type { RegisterMember } from './MemberBox';
import type { QueuedSale } from './offline';
import type { SettledOrder } from './receipt';

/**
 * The register's sale in progress as one store: a pure `reduceRegister(state, action)` (tested in
 * registerStore.test.ts) and `useRegisterStore()`, React's own reducer over it. The page renders the state and
 * dispatches; the calls (scan, price, settle, park) stay in the page and its dialogs and dispatch what they answer.
 * The pay dialog's choices (coupon, balance, voucher, method, cash handed over) are `reducePay` below.
 */

/** The dialogs the register opens over the cart, one at a time. */
/** handOver: 交班 with the counted cash being typed (a version update or a reconnection reload waits for it too). */
export type RegisterDialog = 'pay' | 'refund' | 'exchange' | 'recharge' | 'parked' | 'handOver';

export interface RegisterState {
  cart: CartLine[];
  /** The sale's uuid, sent with every try of its settlement (a retried settlement is the same sale); new per sale. */
  uuid: string;
  /** The line the keyboard acts on (+/-, *数量, Delete, ↑/↓): the last scanned, until the arrows move it. */
  selected: number | null;
  /** What the scan box says under it: an unknown code, a refusal, a line dropped by 取单. */
  scanError: string | null;
  /** The shop's name, as the server's scan answers it. */
  shopName: string | null;
  member: RegisterMember | null;
  dialog: RegisterDialog | null;
  /** The sale settled (its receipt), until 下一单. */
  settled: SettledOrder | null;
  /** The sale was kept on this computer to be sent later (离线单), until 下一单. */
  savedOffline: boolean;
  /** Nothing is sold outside an open shift (收银班次): the scan box waits for 开班. */
  onShift: boolean;
  /** The offline sales waiting to be sent, and whether they are being sent now. */
  queue: QueuedSale[];
  sending: boolean;
}

export type RegisterAction =
  /** A scanned SKU shown at once (from the local catalogue): one more of it, and it becomes the chosen line. */
  | { type: 'scanShown'; sku: ScannedSku }
  /** The server's answer to a scan: `shownSkuId` when the line was already shown from the catalogue. */
  | { type: 'scanAnswered'; sku: ScannedSku; shopName: string; shownSkuId?: number }
  /** A scan refused or unknown: its message; `undoSkuId` takes back the unit shown from the catalogue. */
  | { type: 'scanFailed'; message: string; undoSkuId?: number }
  | { type: 'scanError'; message: string | null }
  | { type: 'quantity'; skuId: number; quantity: number }
  /** +/- on the chosen line. */
  | { type: 'step'; by: 1 | -1 }
  | { type: 'discount'; skuId: number; rate: number | null }
  /** The trash button: the line goes, the choice stays. */
  | { type: 'remove'; skuId: number }
  /** Delete: the chosen line goes and the next one (else the one before) is chosen. */
  | { type: 'removeCurrent' }
  /** ↑/↓: the line before or after the chosen one. */
  | { type: 'move'; by: 1 | -1 }
  | { type: 'member'; member: RegisterMember | null }
  /** A recharge (充值) answered the member's new balance. */
  | { type: 'recharged'; balance: number }
  /** 取单: the parked lines and member back; `message` names the lines left out. */
  | { type: 'taken'; cart: CartLine[]; member: RegisterMember | null; message: string | null }
  | { type: 'open'; dialog: RegisterDialog }
  /** Closes that dialog (only if it is the one open). */
  | { type: 'close'; dialog: RegisterDialog }
  | { type: 'settled'; order: SettledOrder }
  | { type: 'savedOffline' }
  /** 下一单 (or 挂单): an empty register for the next customer, under a new uuid. */
  | { type: 'nextSale'; uuid: string }
  | { type: 'shift'; open: boolean }
  | { type: 'queue'; queue: QueuedSale[] }
  | { type: 'sending'; sending: boolean };

export const emptyRegister = (uuid: string): RegisterState => ({
  cart: [], uuid, selected: null, scanError: null, shopName: null, member: null, dialog: null,
  settled: null, savedOffline: false, onShift: false, queue: [], sending: false,
});

/** The line the keys act on: the chosen one while it is in the cart, else the last. */
export const currentLine = (s: RegisterState): CartLine | undefined => s.cart.find((l) => l.skuId === s.selected) ?? s.cart[s.cart.length - 1];

/** A settled or offline-kept sale takes no more scans and no second payment until 下一单. */
export const saleClosed = (s: RegisterState): boolean => Boolean(s.settled) || s.savedOffline;

/**
 * A new version of the register may be taken now (the page reloads on it): nothing of a sale is on the register — an
 * empty cart (a parked one is kept by the server), no dialog open, no sale waiting for 下一单 (its receipt may still be
 * printed), and no offline sale being sent. Spec §4's version notice, at a moment that loses nothing.
 */
export const safeToUpdate = (s: RegisterState): boolean => !s.cart.length && s.dialog === null && !saleClosed(s) && !s.sending;

export function reduceRegister(s: RegisterState, a: RegisterAction): RegisterState {
  switch (a.type) {
    case 'scanShown':
      return { ...s, cart: addScanned(s.cart, a.sku), selected: a.sku.skuId, scanError: null };
    case 'scanAnswered':
      return a.shownSkuId === undefined
        ? { ...s, shopName: a.shopName, cart: addScanned(s.cart, a.sku), scanError: null, selected: a.sku.skuId }
        : { ...s, shopName: a.shopName, cart: confirmScanned(s.cart, a.shownSkuId, a.sku), selected: a.sku.skuId };
    case 'scanFailed':
      return { ...s, cart: a.undoSkuId === undefined ? s.cart : undoScanned(s.cart, a.undoSkuId), scanError: a.message };
    case 'scanError':
      return s.scanError === a.message ? s : { ...s, scanError: a.message };
    case 'quantity':
      return { ...s, cart: setQuantity(s.cart, a.skuId, a.quantity) };
    case 'step': {
      const current = currentLine(s);
      return current ? { ...s, cart: setQuantity(s.cart, current.skuId, current.quantity + a.by) } : s;
    }
    case 'discount':
      return { ...s, cart: setDiscount(s.cart, a.skuId, a.rate) };
    case 'remove':
      return { ...s, cart: removeLine(s.cart, a.skuId) };
    case 'removeCurrent': {
      const current = currentLine(s);
      if (!current) return s;
      const at = s.cart.indexOf(current);
      return { ...s, cart: removeLine(s.cart, current.skuId), selected: s.cart[at + 1]?.skuId ?? s.cart[at - 1]?.skuId ?? null };
    }
    case 'move': {
      const current = currentLine(s);
      const next = current && s.cart[s.cart.indexOf(current) + a.by];
      return next ? { ...s, selected: next.skuId } : s;
    }
    case 'member':
      return { ...s, member: a.member };
    case 'recharged':
      return s.member ? { ...s, member: { ...s.member, balance: a.balance } } : s;
    case 'taken':
      return { ...s, cart: a.cart, member: a.member, scanError: a.message };
    case 'open':
      if (a.dialog === 'pay' && (!s.cart.length || saleClosed(s))) return s;
      return { ...s, dialog: a.dialog };
    case 'close':
      return s.dialog === a.dialog ? { ...s, dialog: null } : s;
    case 'settled':
      return { ...s, settled: a.order, scanError: null, dialog: s.dialog === 'pay' ? null : s.dialog };
    case 'savedOffline':
      return { ...s, savedOffline: true, dialog: s.dialog === 'pay' ? null : s.dialog };
    case 'nextSale':
      return { ...s, cart: [], selected: null, member: null, uuid: a.uuid, settled: null, savedOffline: false, scanError: null };
    case 'shift':
      return { ...s, onShift: a.open };
    case 'queue':
      return { ...s, queue: a.queue };
    case 'sending':
      return { ...s, sending: a.sending };
  }
}

export const newUuid = () => crypto.randomUUID();

/** The register's store for one page: its state and a stable dispatch. */
export const useRegisterStore = () => useReducer(reduceRegister, undefined, () => emptyRegister(newUuid()));

/** The pay dialog's choices; all back to empty when it closes. */
export interface PayState {
  /** The member's coupon chosen in the list (its id as the Select holds it)... */
  couponId: string | null;
  /** ...or a paper coupon checked by its code: one or the other. */
  paper: AbleCoupon | null;
  paperCode: string;
  /** What the member's balance pays, as typed ('' for none). */
  balanceUse: string | number;
  /** The method of the rest, as the segmented control holds it (null: the shop's first). */
  payType: string | null;
  /** Cash handed over, as typed ('' until typed: exactly the rest). */
  tendered: string | number;
  /** 券: the voucher's code and the face amount the server looked up for it. */
  voucherCode: string;
  voucherFace: string | number;
}

/** A coupon the sale may use, as the coupon screens answer it. */
export interface AbleCoupon {
  memberCouponId: number;
  couponName: string;
  couponCode: string;
  endDate: string;
  usable: boolean;
  reason: string | null;
  discountAmount: number;
}

export type PayAction =
  | { type: 'coupon'; couponId: string | null }
  | { type: 'paperCode'; text: string }
  | { type: 'paperChecked'; coupon: AbleCoupon }
  | { type: 'balance'; amount: string | number }
  | { type: 'payType'; payType: string }
  | { type: 'tendered'; amount: string | number }
  | { type: 'voucherCode'; text: string }
  /** The looked-up face amount; '' when the code was refused. */
  | { type: 'voucherFace'; amount: string | number }
  | { type: 'reset' };

export const emptyPay: PayState = { couponId: null, paper: null, paperCode: '', balanceUse: '', payType: null, tendered: '', voucherCode: '', voucherFace: '' };

export function reducePay(s: PayState, a: PayAction): PayState {
  switch (a.type) {
    case 'coupon':
      return { ...s, couponId: a.couponId, paper: null };
    case 'paperCode':
      return { ...s, paperCode: a.text.replace(/\D/g, '') };
    case 'paperChecked':
      return { ...s, paper: a.coupon, couponId: null };
    case 'balance':
      return { ...s, balanceUse: a.amount };
    case 'payType':
      return { ...s, payType: a.payType };
    case 'tendered':
      return { ...s, tendered: a.amount };
    case 'voucherCode':
      // A new code is not yet looked up: it pays nothing until the server gives its face amount.
      return { ...s, voucherCode: a.text.replace(/[^0-9A-Za-z-]/g, ''), voucherFace: '' };
    case 'voucherFace':
      return { ...s, voucherFace: a.amount };
    case 'reset':
      return emptyPay;
  }
}
