import { TaskListPage } from './TaskListPage';

/** 我的已办 (/processManage/myDone). */
export default function MyDonePage() {
  return <TaskListPage done />;
}
