import { call } from '../../src/api/http';

/** Calls of 考试 beyond its descriptor list (server/domains/training/exams.ts): questions and 我的考试 (its 成绩 is a form of the list). */
const E = '/wxy-system-server/sys-exam';

export type QuestionType = 1 | 2 | 3;
export interface EditQuestion { questionId?: number; questionType: QuestionType; stem: string; options: string[]; answer: string[]; score: number }
export interface ExamQuestions { examId: number; examName: string; status: number; editable: boolean; totalScore: number; scoreSum: number; scoreProblem: string; questions: EditQuestion[] }
export interface Option { key: string; text: string }
export interface SheetQuestion { questionId: number; no: number; questionType: QuestionType; questionTypeName: string; stem: string; options: Option[]; score: number }
export interface Sheet {
  attemptId: number; examId: number; examName: string; totalScore: number; passScore: number; duration: number;
  startTime: string; deadline: string; secondsLeft: number; questions: SheetQuestion[];
  /** Answers kept before a reload: question id -> letters. */
  answers: Record<string, string[]>;
}
export interface AttemptResult {
  attemptId: number; examId: number; examName: string; totalScore: number; passScore: number; startTime: string; submitTime: string;
  score: number; passed: boolean; wrongCount: number;
  questions: (SheetQuestion & { given: string; answer: string; right: boolean; got: number })[];
}
export interface MyExam {
  examId: number; examName: string; totalScore: number; passScore: number; duration: number; startTime: string | null; endTime: string | null;
  introduction: string | null; questionCount: number; open: boolean; attemptId: number | null; state: 'none' | 'inProgress' | 'submitted' | 'timedOut';
  score: number | null; passed: boolean | null; submitTime: string | null;
}

export const examApi = {
  questions: (examId: number) => call<ExamQuestions>({ method: 'GET', url: `${E}/questions/${examId}` }),
  saveQuestions: (examId: number, questions: EditQuestion[]) =>
    call<{ count: number; scoreSum: number; scoreProblem: string }>({ method: 'PUT', url: `${E}/questions/${examId}`, data: { questions }, silent: true }),
  my: () => call<MyExam[]>({ method: 'GET', url: `${E}/my` }),
  start: (examId: number) => call<Sheet>({ method: 'POST', url: `${E}/attempt/start/${examId}` }),
  /** Silent: a save that fails (network) is retried with the next change; 交卷 sends the whole sheet anyway. */
  save: (attemptId: number, answers: { questionId: number; answer: string[] }[]) =>
    call<{ saved: number }>({ method: 'PUT', url: `${E}/attempt/save`, data: { attemptId, answers }, silent: true }),
  submit: (attemptId: number, answers: { questionId: number; answer: string[] }[]) =>
    call<AttemptResult>({ method: 'POST', url: `${E}/attempt/submit`, data: { attemptId, answers } }),
  result: (attemptId: number) => call<AttemptResult>({ method: 'GET', url: `${E}/attempt/result/${attemptId}` }),
};


export const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};
