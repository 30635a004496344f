import type { EngineMessages } from './zh-CN';

export const engineEn: EngineMessages = {
  search: 'Search', reset: 'Reset', add: 'Add', edit: 'Edit', detail: 'Details', delete: 'Delete', refresh: 'Refresh',
  confirmTitle: 'Confirm', confirmDelete: 'Delete this record?', confirmBulk: 'Run "{{action}}" on the {{count}} selected records?',
  selected: '{{count}} selected', noSelection: 'Select records first', done: 'Done', deleted: 'Deleted', saved: 'Saved',
  index: 'No.', selectAll: 'Select all on this page', selectRow: 'Select row', operations: 'Actions', empty: 'No data', loadFailed: 'Loading failed', retry: 'Retry', start: 'Start date', end: 'End date',
  timeLimit: 'The search may span at most {{days}} days', pleaseSelect: 'Select', pleaseInput: 'Enter',
  dates: {
    pick: 'Pick a date', pickMonth: 'Pick a month', time: 'Time', presets: 'Quick ranges', today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last30: 'Last 30 days',
    thisMonth: 'This month', lastMonth: 'Last month', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds', previous: 'Previous', next: 'Next',
  },
  report: { today: 'Today', lastDays: 'Last {{days}} days', chartEmpty: 'No data', month: '{{month}}', drillHint: 'Click an underlined figure to see the rows it is made of', total: '{{count}} in total', loading: 'Loading...' },
  select: { loading: 'Loading…', failed: 'Request failed', nothingFound: 'No match' },
  page: { back: 'Back to the list', notFound: 'The record does not exist or was deleted' },
  document: {
    printed: 'Sent to the printer ({{printer}})', printFailed: 'Printing failed: {{message}}', printSettings: 'Printing', printHost: 'Print client address', printToken: 'Token',
    printConnect: 'Connect', a4Printer: 'A4 printer (this PC)', noPrinter: 'None (print the PDF in the browser)', printNotConnected: 'Print client not connected: {{message}}',
    printConnected: 'Connected', printClosed: 'Not connected', printConnecting: 'Connecting',
    save: 'Save', print: 'Print', lines: 'Lines', history: 'History', total: 'Total', note: 'Note (optional)', unsaved: 'Unsaved changes',
    saveFirst: 'Save your changes first', noLines: 'Add at least one line', noLinesYet: 'Scan or type a barcode, code or name and press Enter',
    skuPlaceholder: 'Scan or type barcode / code / name, Enter to add', moreColumns: 'The grid is wider than the screen: scroll sideways for the other columns (actions stay on the right)', scanHint: 'Scanning the same item again adds 1', skuNotFound: 'No item found: {{text}}',
    available: 'available {{qty}}', paste: 'Paste lines', pasteHelp: 'One item per line: barcode or code, quantity, unit price (optional), separated by tab, comma or spaces; paste straight from Excel.',
    pasteAdd: 'Add to lines', pasteEmpty: 'Paste or type some items', pasteLine: 'Line {{row}}: {{text}}', pasteQty: 'Quantity must be above 0', pasteProblems: 'These lines cannot be added; fix them and retry (nothing was added)',
    confirmAction: 'Run “{{action}}”?', actionDone: '{{action}} done', confirmDelete: 'Delete document {{no}}?',
    approvalMine: 'Waiting for you: {{process}} · {{task}}', approvalWaiting: 'In approval: {{process}}, waiting for the approver', approvalDirect: 'Approve', approvalComment: 'Comment', approve: 'Approve', reject: 'Reject', rejectNeedsComment: 'Say why when rejecting', approvalDone: 'Done: {{status}}',
    historyNote: 'Note', historyTime: 'Time', historyAction: 'Action', historyUser: 'User', historyStatus: 'Status',
  },
  job: { done: 'Finished', failed: 'The job failed' },
  columns: {
    button: 'Columns', title: 'Choose columns', available: 'Available fields', chosen: 'Chosen fields (drag or use the arrows to order)', selectAll: 'All',
    up: 'Move up', down: 'Move down', remove: 'Remove', saved: 'Columns saved', atLeastOne: 'Choose at least one field',
  },
  group: {
    button: 'Group', none: '(empty)', off: 'Ungroup', title: 'Grouped by {{field}}{{unit}}', byDay: ' (by day)', byMonth: ' (by month)', count: '{{count}} groups',
    truncated: ', the largest 200 shown', rows: 'Rows', total: 'Total', pickHint: 'Click a group to see only it',
  },
  views: {
    button: 'Views', save: 'Save as view…', update: 'Update “{{name}}” with the current settings', remove: 'Delete view “{{name}}”', none: 'No saved views yet',
    mine: 'My views', shared: 'Shared with me', name: 'View name', shareRole: 'Share with role', shareNone: 'Not shared (only me)', isDefault: 'Default view (used when this list opens)',
    saved: 'View saved', removed: 'View deleted', applied: 'Switched to view “{{name}}”', defaultBadge: 'Default', confirmRemove: 'Delete view “{{name}}”?',
  },
  fullScreen: { enter: 'Full screen', exit: 'Exit full screen', unsupported: 'you browser can not work' },
  export: {
    button: 'Export', server: 'Server export', title: 'Export', progress: '{{done}} / {{total}} rows exported', starting: 'Reading the first page…', cancel: 'Cancel export',
    cancelled: 'Export cancelled', finished: 'Export finished: {{rows}} rows, {{files}} file(s)', empty: 'No data', failed: 'Service error', serverStarted: 'Downloading the server export',
  },
  import: {
    button: 'Import', title: 'Import', template: 'Download template', choose: 'Choose a file (xlsx)', upload: 'Import', uploading: 'Uploading {{percent}}%',
    imported: 'Imported {{count}} rows', reportTitle: 'Import failed: these rows have errors; nothing was written', row: 'Row', field: 'Field', message: 'Error',
    noFile: 'Choose a file first',
  },
  detailView: { noRelated: 'No records', firstRows: 'First {{shown}} of {{total}}' },
  textFile: { read: 'Read from file', tooLarge: 'The file may not exceed {{kb}} KB', readFrom: 'Read {{name}}, ', chars: '{{count}} characters.' },
  form: { create: 'New {{title}}', edit: 'Edit {{title}}', detail: '{{title}} details', submit: 'Save', maximize: 'Maximize', resize: 'Drag to resize the window', restore: 'Restore', close: 'Close' },
  validation: {
    required: '{{field}} is required', maxLength: '{{field}} may have at most {{limit}} characters', minLength: '{{field}} needs at least {{limit}} characters',
    minimum: '{{field}} may not be less than {{limit}}', maximum: '{{field}} may not be greater than {{limit}}', pattern: '{{field}} has a wrong format',
    enum: '{{field}} is not an allowed value', minItems: 'Choose {{field}}', type: '{{field}} has a wrong format', format: '{{field}} has a wrong format', other: '{{field}} is not valid',
  },
};
