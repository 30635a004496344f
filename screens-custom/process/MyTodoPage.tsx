import { TaskListPage } from './TaskListPage';

/** 我的待办 (/processManage/myTodo). */
export default function MyTodoPage() {
  return <TaskListPage done={false} />;
}
