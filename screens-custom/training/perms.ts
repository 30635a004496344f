/** The permission strings of 培训's buttons (schemas/menus/training.json; the server checks the same ones). */
export const TRAINING_PERMS = {
  groupEdit: 'training:group:edit',
  materialEdit: 'training:material:edit',
  taskAdd: 'training:task:add',
  taskDelete: 'training:task:delete',
  audit: 'training:det:audit',
} as const;
