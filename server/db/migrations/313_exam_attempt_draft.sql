-- 考试 answer sheets are kept while being answered (sys-exam/attempt/save, sent by the page as the person answers), so a
-- reload or a lost connection resumes the attempt with its answers; only 交卷 scores (answers, score, passed).
ALTER TABLE sys_exam_attempt ADD COLUMN draft_answers jsonb;
