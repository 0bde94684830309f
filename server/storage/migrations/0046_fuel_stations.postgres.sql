-- A fuel station's grades and pumps in the console (issue 45): PostgreSQL's side of version 46 —
-- a grade switched off (off_at ms; NULL while offered) keeps its row and its prices; shoppers no longer see or order it.
ALTER TABLE oil_grades ADD COLUMN off_at bigint;
