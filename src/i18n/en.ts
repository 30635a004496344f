import type { ShellMessages } from './zh-CN';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export const en: Messages<ShellMessages> = {
  app: { name: 'Retail Chain Back-office', description: 'Multi-shop retail, warehouse and membership back-office' },
  common: {
    confirm: 'OK', cancel: 'Cancel', save: 'Save', search: 'Search', reset: 'Reset', loading: 'Loading...', edit: 'Edit',
    total: '{{total}} in total', pageSize: '{{size}} / page', empty: 'No data', yes: 'Yes', no: 'No', back: 'Back', submit: 'Submit',
    actions: 'Actions', all: 'All', success: 'Success', failure: 'Failed', saved: 'Saved', jumpTo: 'Go to',
  },
  http: {
    notFound: 'The requested address does not exist', networkError: 'Network error', sessionExpired: 'Not logged in or the session expired, please log in again',
  },
  session: { loggedOutElsewhere: 'This account has been logged out, please log in again!' },
  guard: { noPagePermission: 'You have no permission for this page', noMenus: 'You have no permissions!', verifyFailed: 'Verification failed, please log in again' },
  chunk: { reloading: 'The server version was updated; refreshing the local cache, please wait...' },
  network: { restored: 'Network restored', lost: 'The network seems to be down, trying to reconnect' },
  // files helper: upload queue, avatar upload, local log
  upload: {
    queueTitle: 'Uploads', remaining: '{{count}} remaining', fold: 'Fold', unfold: 'Unfold', close: 'Close', open: 'Upload queue',
    uploading: 'Uploading {{percent}}%', decoding: 'Processing', done: 'Done', failed: 'Failed', empty: 'No uploads',
    avatarButton: 'Upload avatar', avatarHint: 'jpg, png, gif, webp or bmp, up to 20 MB', avatarSaved: 'Avatar updated',
  },
  localLog: {
    noIndexedDb: 'This browser has no stable IndexedDB local database; please use a current Chrome or Edge',
    noStorage: 'This browser has no local storage (private mode or cookies disabled); some features will not work',
  },
  notice: { deleted: 'The document has been deleted' },
  validation: {
    phone: 'Wrong mobile number, please re-enter!', required: 'Please enter {{field}}', maxLength: '{{field}} allows at most {{max}} characters',
    passwordMismatch: 'The two passwords differ', passwordLength: 'A password has 6 to 32 characters', samePassword: 'The new password must differ from the old one',
  },
  login: {
    title: 'Welcome', accountTab: 'Account', phoneTab: 'Mobile number', userName: 'User name', password: 'Password',
    tenantId: 'Tenant ID', tenantOf: 'Tenant: {{name}}', submit: 'Log in', phone: 'Mobile number', smsCode: 'Code',
    sendCode: 'Send code', resendIn: 'Resend in {{seconds}} s', codeSent: 'Code sent', userNamePlaceholder: 'Enter your user name',
    passwordPlaceholder: 'Enter your password', tenantPlaceholder: 'Enter the tenant ID', phonePlaceholder: 'Enter your mobile number',
    codePlaceholder: 'Enter the SMS code',
    tenantRequired: 'Enter the tenant number',
  },
  route: {
    home: 'Home', profile: 'Profile settings', resetPassword: 'Change password', loginRecord: 'Login records', versionLog: 'Version log',
    routerSetting: 'Route config', messageNotice: 'Messages', notFound: '404', unauthorized: '401',
  },
  navbar: {
    toggleSidebar: 'Expand/collapse menu', help: 'Help', language: 'Language', messages: 'Messages', unread: 'You have {{count}} unread messages',
    noUnread: 'No unread messages', logout: 'Log out', theme: 'Sidebar style', themeLight: 'Light', themeDark: 'Dark',
    personalCentre: 'Personal centre',
  },
  tabs: {
    refresh: 'Refresh', close: 'Close', closeOthers: 'Close others', closeAll: 'Close all',
    confirmCloseTitle: 'Confirm close', confirmCloseText: '"{{titles}}" may hold unsaved changes. Close anyway?', confirmClose: 'Close',
  },
  home: {
    welcome: 'Welcome, {{name}}', tenant: 'Tenant', serverTime: 'Server time', record: 'Record number', tenantType: 'Tenant type',
    roles: 'Roles', unread: 'Unread messages',
  },
  profile: {
    name: 'Name', avatar: 'Avatar URL', userName: 'User name', phone: 'Mobile number', saved: 'Profile saved',
  },
  password: {
    old: 'Current password', new: 'New password', confirm: 'Confirm new password', changed: 'Password changed; sessions on other devices were ended',
  },
  loginRecord: {
    userName: 'User name', ip: 'IP address', userAgent: 'Browser', grantType: 'Method', result: 'Result', msg: 'Note', time: 'Time',
    grantPassword: 'Password', grantPhone: 'SMS code',
  },
  versionLog: { version: 'Version', content: 'Changes', publishTime: 'Published' },
  users: {
    keyword: 'User name / name / phone', userNo: 'Staff no.', userName: 'User name', name: 'Name', phone: 'Mobile number', roles: 'Roles',
    status: 'Status', enabled: 'Enabled', disabled: 'Disabled', locked: 'Locked', unlock: 'Unlock', unlocked: 'Unlocked',
    edit: 'Edit', editTitle: 'Edit user', saved: 'User saved', notFound: 'The user does not exist or was deleted',
  },
  org: {
    delete: 'Delete', addUser: 'Add user', password: 'Initial password', passwordHint: 'At least 6 characters', roles: 'Roles', dept: 'Department', shops: 'Shops', noDept: 'No department',
    added: 'User added', resetPassword: 'Reset password', newPassword: 'New password', resetDone: 'Password reset; the user must log in again', limits: 'Search time limits',
    limitSubject: 'Subject {{n}}', limitOwn: 'Own setting', limitTenant: 'Company setting', limitDays: '{{days}} days', limitNone: 'No limit',
    limitHelp: 'For subjects 3-7 a value n allows 30×n+1 days; empty uses the company setting, 0 means no limit.', limitsSaved: 'Search time limits saved',
    roleList: 'Roles', addRole: 'Add role', editRole: 'Edit role', roleName: 'Role name', roleCode: 'Role code', remark: 'Remark', userCount: 'Users',
    pageCount: 'Pages', buttonCount: 'Buttons', fieldPerms: 'Field permissions', menus: 'Menus and buttons', adminAll: 'The administrator has every permission',
    deleteRole: 'Delete role "{{name}}"?', roleSaved: 'Role saved', deleted: 'Deleted', expandAll: 'Expand all', collapseAll: 'Collapse all',
    deptList: 'Departments', addDept: 'Add department', addChild: 'Add sub-department', editDept: 'Edit department', deptName: 'Department name', parent: 'Parent', topLevel: '(top level)',
    leader: 'Head', shop: 'Shop', sort: 'Sort', deptSaved: 'Department saved', deleteDept: 'Delete department "{{name}}"?', users: 'People',
  },
  h5: {
    title: 'Mobile approvals', back: 'Back', login: 'Phone login', phone: 'Mobile number', code: 'Code', sendCode: 'Get code', resend: 'Resend in {{s}} s',
    loginButton: 'Log in', authorList: 'My to-do', noTasks: 'Nothing to approve', applicant: 'Applicant', approve: 'Approve', comment: 'Comment',
    agree: 'Approve', reject: 'Reject', completed: 'Done: {{status}}', alreadyDone: 'This task is done ({{status}})', notYours: 'This task does not exist or is not yours',
    notFound: 'The application does not exist or you may not see it', notYet: 'This page is not available yet; please use a computer.',
    shop: 'Shop', chooseShop: 'Choose a shop', noShop: 'No shop to choose', scanCode: 'Price check', clockIn: 'Clock in', inspectApply: 'Shop inspection', inspectOpen: 'Open the inspection',
    barcode: 'Barcode', barcodeHint: 'Scan or type a barcode / SKU code', lookup: 'Look up', openCamera: 'Scan with the camera', closeCamera: 'Close the camera', cameraDenied: 'The camera cannot be opened; type the barcode',
    retailPrice: 'Retail price', stockAt: 'Available at {{shop}}', recentScans: 'Recent look-ups',
    todayClocks: "Today's clock-ins", noClocks: 'No clock-in today yet', clockHint: 'Take a photo of yourself in the shop; after the upload choose clock in or out.', takePhoto: 'Take a photo',
    uploadFaceSuccess: 'Photo uploaded', photoUploaded: 'The photo is uploaded', photoNext: 'Next: at "{{shop}}", choose clock in or clock out.', clockDoneNext: 'Done; you can get back to work.',
    clockPhoto: 'Clock-in photo', clockOn: 'Clock in', clockOff: 'Clock out', clockDone: '{{type}} recorded at {{time}}, {{shop}}', retake: 'Take another photo', noPhoto: 'No photo yet; take one first.',
    aicallLogin: 'AI call login', linkExpired: 'The login link has expired; log in with your phone and a code.',
    inspectDate: 'Inspection date', inspectItems: 'Items checked', fixNote: 'Failed: what must be put right', removeItem: 'Remove the item', addItemHint: 'Another item', addItem: 'Add',
    inspectPhotos: 'Photos ({{n}}/9)', addPhoto: 'Take / choose a photo', removePhoto: 'Remove the photo', inspectRemark: 'Notes', submitInspect: 'Submit the inspection',
    newInspect: 'New inspection', noInspects: 'No inspections yet', inspectSaved: 'Inspection {{no}} submitted; waiting for the shop manager', inspectCounts: '{{n}} items, {{fail}} failed', auditBy: 'Decided by {{name}}',
  },
  routerSetting: { path: 'Route', title: 'Title', module: 'Module', keepAlive: 'Cached', thirdLevel: 'Confirm close', hidden: 'Hidden' },
  errors: {
    notFoundTitle: 'Page not found', notFoundText: 'The page does not exist, or you have no permission for it.',
    unauthorizedTitle: 'No permission', unauthorizedText: 'You may not open this page; ask your administrator.', backHome: 'Back to home',
  },
  // notices (issue 3)
  messageCentre: {
    all: 'All', unread: 'Unread', read: 'Read', status: 'Status', type: 'Type', content: 'Message', time: 'Time',
    markRead: 'Mark read', markAllRead: 'Mark all read', marked: 'Marked as read', allMarked: 'All marked as read', viewAll: 'All messages',
  },
  versionNotice: {
    title: 'Update available', text: 'The system has been updated. Click OK to load the new version.', publish: 'Publish version',
    published: 'Version published; {{count}} users notified',
  },
  deviceActive: {
    title: 'Activate a cash register', intro: 'Make this computer a shop cash register: register the device under Shops / Devices, then choose it here and activate.',
    fingerprint: 'This computer\'s fingerprint', needLogin: 'Log in with an account allowed to activate devices.', login: 'Log in', device: 'Device to activate',
    devicePlaceholder: 'Choose a device', activate: 'Activate this computer', activated: 'This computer is {{shop}} · {{device}}',
    done: 'Activated: this computer is now the register {{shop}} · {{device}}', none: 'No device waits for activation; register one under Shop devices first.',
    loadFailed: 'Could not load the devices: {{msg}}', inactive: 'not active', home: 'Home',
  },
  stats: {
    unknown: 'Unknown statistics page', shopSale: 'Shop sales', storeHour: 'Sales by hour', orderSales: 'Order sales summary', salesman: 'Sales by seller', scanCode: 'Scan statistics',
    startDate: 'Start date', endDate: 'End date', shop: 'Shop', allShops: 'All shops', search: 'Search', today: 'Today', last7: 'Last 7 days', last30: 'Last 30 days',
    period: 'Period: {{from}} to {{to}} (refunds subtracted on their day, practice sales excluded)', exportXlsx: 'Export Excel', exportCsv: 'Export CSV', loading: 'Loading...', empty: 'No data',
    total: '{{count}} in total', merge: 'Count', merged: 'Scans counted: {{rows}} rows ({{time}})', lastMerge: 'Last counted: {{time}}', printReceipt: 'Print receipt',
    tab: { shop: 'By shop', order: 'Orders', compose: 'Product mix', hour: 'By hour', days: 'Daily sales', seller: 'By seller', scanShop: 'Shop scans', scanTrend: 'Scan trend', scanDept: 'By department' },
    col: {
      shopCode: 'Shop code', shopName: 'Shop', regionName: 'Region', saleAmount: 'Sales', orderCount: 'Orders', itemCount: 'Items', avgPrice: 'Average ticket',
      refundAmount: 'Refunds', costAmount: 'Cost', grossProfit: 'Gross profit', grossMargin: 'Gross margin', orderNo: 'Order no.', createTime: 'Time',
      cashierName: 'Cashier', status: 'Status', payAmount: 'Paid', totalAmount: 'Order amount', changeAmount: 'Change', skuCode: 'SKU code', skuName: 'SKU name',
      spec: 'Spec', quantity: 'Quantity', share: 'Share', date: 'Date', userNo: 'Staff no.', userName: 'Seller', deptName: 'Department (region)', scanCount: 'Scans',
      skuCount: 'SKUs scanned', mergeTime: 'Counted at', shopNum: 'Shops', scannedShopCount: 'Shops scanning', avgScanPerShop: 'Scans per shop', unitPrice: 'Unit price',
    },
    hour: {
      h7: '7:00', h8: '8:00', h9: '9:00', h10: '10:00', h11: '11:00', h12: '12:00', h13: '13:00', h14: '14:00', h15: '15:00', h16: '16:00', h17: '17:00',
      h18: '18:00', h19: '19:00', h20: '20:00', h21: '21:00', h22: '22:00',
    },
  },
  dashboard: {
    loading: 'Loading the workbench...', title: 'Workbench · {{date}}', allShops: 'All shops', myShops: 'My {{count}} shop(s)', todaySales: "Today's sales",
    refund: 'Refunds subtracted: {{amount}}', todayOrders: "Today's orders", todayTarget: "Today's target", reach: 'Reached', noTarget: 'No target set', monthSales: 'Month to date',
    monthTarget: 'Month target', trend: 'Sales trend', days7: '7 days', days30: '30 days', sales: 'Sales', hours: "Today's sales by hour", topShops: 'Top 5 shops (last {{days}} days)',
    topSkus: 'Top 5 SKUs (last {{days}} days)', more: 'Open', none: 'No sales', stockSafety: 'Stock below safety level', stockLowest: 'Lowest available stock',
    safety: 'Safety stock', noAlerts: 'No stock alerts', tasks: 'Waiting for my approval', noTasks: 'Nothing to approve', documents: 'Documents waiting', noDocuments: 'No documents waiting',
  },
};
