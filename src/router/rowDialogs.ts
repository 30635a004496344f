import type { ComponentType, LazyExoticComponent } from 'react';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { lazyPage } from './lazyPage';

export type { RowDialogProps };


/**
 * Hand-written dialogs a generic list opens by name (a screen action `{"kind": "dialog", "dialog": name}`), for what
 * a descriptor form cannot ask (a secret pasted or read from a file). The names are the meta-schema's enum.
 */
export const ROW_DIALOGS: Readonly<Record<string, LazyExoticComponent<ComponentType<RowDialogProps>>>> = {
  orderDetail: lazyPage(() => import('../../screens-custom/orders/OrderDetailDialog')),
  orderExchangeDetail: lazyPage(() => import('../../screens-custom/billing/ExchangeDetailDialog')),
  examQuestions: lazyPage(() => import('../../screens-custom/training/ExamQuestionsDialog')),
  videoMaterialEdit: lazyPage(() => import('../../screens-custom/training/VideoMaterialDialogs').then((m) => ({ default: m.VideoMaterialEditDialog }))),
  coursePreview: lazyPage(() => import('../../screens-custom/training/VideoMaterialDialogs').then((m) => ({ default: m.CoursePreviewDialog }))),
  videoTaskProgress: lazyPage(() => import('../../screens-custom/training/VideoTaskDialogs').then((m) => ({ default: m.VideoTaskProgressDialog }))),
};
