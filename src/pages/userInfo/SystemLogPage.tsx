/** /userInfo/systemLog: the version log, in the personal centre. */
export { default } from '../systemManage/VersionLogPage';
