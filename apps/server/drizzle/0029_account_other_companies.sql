-- Issue 39 row 12: an account sees only its own company's corporate structures unless it is
-- deliberately set to serve other companies (docs/decisions.md, "Whose structures an account sees").
ALTER TABLE "accounts" ADD COLUMN "other_companies" boolean DEFAULT false NOT NULL;
