-- 考试 (sys-exam): a pass mark above the total or an end not after the start is the caller's mistake, refused with a
-- message naming it (WX400 -> 400) whichever call writes the row (add, edit).
-- From migration 311_exam_rules.sql.
CREATE OR REPLACE FUNCTION sys_exam_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.pass_score > NEW.total_score THEN
    RAISE EXCEPTION '及格分（%）不能高于总分（%）', NEW.pass_score, NEW.total_score USING ERRCODE = 'WX400';
  END IF;
  IF NEW.start_time IS NOT NULL AND NEW.end_time IS NOT NULL AND NEW.end_time <= NEW.start_time THEN
    RAISE EXCEPTION '结束时间必须晚于开始时间' USING ERRCODE = 'WX400';
  END IF;
  RETURN NEW;
END $$;
