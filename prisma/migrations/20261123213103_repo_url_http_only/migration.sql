-- repo_url takes http:// and https:// addresses only (issue 18): a project created before with a
-- javascript:, data:, file: or other address loses it (clients may render repo_url as a link).
UPDATE "projects" SET "repo_url" = NULL WHERE "repo_url" IS NOT NULL AND "repo_url" !~* '^https?://';
