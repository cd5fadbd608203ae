-- AlterEnum
ALTER TYPE "notification_kind" ADD VALUE 'assigned';
