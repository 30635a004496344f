-- A month's worked days count half days: a half-day leave (attn-request days 0.5) is half a day, paid or taken off.
ALTER TABLE fd_monthly_salary_stat ALTER COLUMN work_days TYPE numeric(5,1);
