import { VersionLogTable } from '../systemManage/VersionLogPage';

/** /userInfo/systemLog: the version log, in the personal centre. */
export default function SystemLogPage() {
  return <VersionLogTable />;
}
