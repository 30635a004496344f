/** The permission strings of 培训's hand-written buttons (schemas/menus/training.json; the server checks the same ones). */
export const TRAINING_PERMS = {
  audit: 'training:det:audit',
} as const;
