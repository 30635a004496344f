-- Publishing (status 0 -> 1) needs questions adding up to the total; a published exam's total stays; an exam somebody
-- has attempted does not go back to draft (its questions would change under the scored answers).
-- From migration 312_exam_questions.sql.
CREATE OR REPLACE FUNCTION sys_exam_publish_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  total integer;
BEGIN
  IF NEW.status = 1 AND OLD.status = 0 THEN
    SELECT count(*), coalesce(sum(score), 0) INTO n, total FROM sys_exam_question WHERE exam_id = NEW.id;
    IF n = 0 THEN
      RAISE EXCEPTION '考试「%」还没有题目，不能发布', NEW.exam_name USING ERRCODE = 'WX400';
    END IF;
    IF total <> NEW.total_score THEN
      RAISE EXCEPTION '题目分值合计 % 分，与总分 % 分%，不能发布', total, NEW.total_score,
        CASE WHEN total < NEW.total_score THEN '相差 ' || (NEW.total_score - total) || ' 分' ELSE '多出 ' || (total - NEW.total_score) || ' 分' END
        USING ERRCODE = 'WX400';
    END IF;
  END IF;
  IF OLD.status <> 0 AND NEW.status <> 0 AND NEW.total_score <> OLD.total_score THEN
    RAISE EXCEPTION '考试已发布，不能修改总分' USING ERRCODE = 'WX400';
  END IF;
  IF NEW.status = 0 AND OLD.status <> 0 AND EXISTS (SELECT 1 FROM sys_exam_attempt WHERE exam_id = NEW.id) THEN
    RAISE EXCEPTION '已有人参加考试「%」，不能退回草稿', NEW.exam_name USING ERRCODE = 'WX400';
  END IF;
  RETURN NEW;
END $$;
