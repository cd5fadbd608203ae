export { browserEnvironment, type DetectionEnvironment } from "./environment.ts";
export {
  detectMode,
  requestedMode,
  type DetectedMode,
  type DetectingComponent,
  type ModeDecision,
  type ModeReason,
  type RequestedMode,
} from "./mode.ts";
export {
  attachmentSetting,
  effectiveAttachment,
  registerAttachment,
  requestedAttachment,
  type AttachmentSetting,
} from "./attachment.ts";
export { iosMajorVersion, isGecko, isIOS, isMobile } from "./user-agent.ts";
