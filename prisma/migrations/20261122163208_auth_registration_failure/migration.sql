-- AlterEnum
ALTER TYPE "auth_audit_event_type" ADD VALUE 'registration_failure';

