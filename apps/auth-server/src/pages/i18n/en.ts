// Every sentence the auth server's own pages show a person (the QR phone page, the embeds' pages,
// the admin sign-in and invite pages), in English: the catalog de.ts, fr.ts and es.ts translate key
// by key. `{name}` placeholders are filled by the pages (some with markup, e.g. a <strong>).
export const en = {
  // The QR phone page (/qr)
  phoneTitle: "Sign in with your phone",
  phoneDescription: "Confirm a sign-in or a new passkey on your computer with this phone.",
  brand: "Passkey",
  opening: "Opening…",
  needsJavaScript: "This page needs JavaScript to use your passkey.",
  confirmSignInTitle: "Sign in on your computer?",
  confirmRegisterTitle: "Create a passkey on this phone?",
  confirmSignInText:
    "Your passkey on this phone will sign you in to {tenant} on the computer that shows the QR code.",
  confirmRegisterText:
    "This phone will keep a passkey for {account} at {tenant}, so you can sign in with it.",
  factSite: "Site",
  factAsked: "Asked",
  networkWarningTitle: "This phone is on a different network from the computer that showed the code.",
  networkWarningText:
    "That is normal on mobile data. But if you did not scan a code on a screen in front of you, someone else may be trying to sign in as you: tap Cancel.",
  phishingWarning:
    "Continue only if you are at that computer and just scanned its code. If someone sent you this code, tap Cancel.",
  continueSignIn: "Sign in with passkey",
  continueRegister: "Create passkey",
  cancel: "Cancel",
  workingTitle: "Use your passkey",
  workingText: "Follow your phone's prompt (fingerprint, face or screen lock).",
  doneSignInTitle: "You're signed in on your computer",
  doneRegisterTitle: "Passkey created",
  doneSignInText: "You can put your phone away.",
  doneRegisterText: "You can now sign in to {tenant} with this phone. Your computer shows the result too.",
  cancelledTitle: "Cancelled",
  cancelledText: "Nothing was signed in. Your computer shows a new QR code if you want to try again.",
  noPasskeyTitle: "No passkey on this phone",
  noPasskeyText:
    "This phone has no passkey for {tenant}. Sign in on your computer another way, or create a passkey on this phone first.",
  usedTitle: "This QR code was already used",
  usedText: "Each code works once, on one device. Scan the new code your computer shows.",
  expiredTitle: "This QR code has expired",
  expiredText: "Codes are valid for a few minutes. Show a new one on your computer and scan it again.",
  incompleteTitle: "This link is incomplete",
  incompleteText: "Open it by scanning the QR code on your computer with this phone's camera.",
  failedTitle: "That didn't work",
  // …and what its script writes
  expiresIn: "This request expires in {time}",
  justNow: "just now",
  failedUnsupported: "This browser can't use passkeys. Try your phone's default browser.",
  failedExists: "This phone already has a passkey for this account. Sign in with it instead.",
  failedSecurity: "This phone's browser refused to use the site's passkeys from this page.",
  failedUnknown: "The passkey step didn't complete on this phone.",
  failedServer: "The server could not finish this step. Scan the new code your computer shows.",
  // The embeds' pages (/auth-embed, /register-embed)
  embedSignInTitle: "Passkey sign-in",
  embedRegisterTitle: "Create a passkey with your phone",
  embedRefusedTitle: "Not available here",
  embedRefusedText: "This page can only be embedded by a site registered with this authentication server.",
  // The admin sign-in and invite pages (/, /admin/invite)
  adminTitle: "{page} · AuthKit admin",
  adminFootnote: "AuthKit · passkey authentication server",
  signInTitle: "Sign in",
  signInHeading: "Sign in to the dashboard",
  signInText: "Use your administrator passkey to manage tenants, users and the audit log.",
  signInButton: "Sign in with passkey",
  noPasskeyYet: "No passkey yet?",
  joinByInvitation:
    "Administrators join by invitation. Ask an administrator for an invite link, or run this on the server:",
  signInWrongAddress: "Open this page at {url}/ : administrator passkeys belong to that address.",
  signInSessionEnded: "Your session ended. Sign in again to continue.",
  signingIn: "Signing you in…",
  signInFailed: "Sign-in failed ({status}).",
  signInUnreachable: "Can't reach the server. Check your connection and try again.",
  inviteTitle: "Create your passkey",
  inviteWelcome: "Welcome, {name}",
  inviteText:
    "You are invited to administer this AuthKit server as {email}. Create a passkey on this device (or a security key); it is how you sign in: there is no password.",
  inviteButton: "Create passkey",
  inviteReady: "Your passkey is ready. This link is now used up.",
  continueToSignIn: "Continue to sign in",
  inviteHint: "The link works once, for 24 hours from when it was made.",
  inviteExpiredTitle: "Invite link expired",
  inviteExpiredHeading: "This invite link can't be used",
  inviteExpiredText:
    "It has expired (links last 24 hours) or was already used to create a passkey. Ask an administrator for a new one, or run this on the server:",
  goToSignIn: "Go to sign in",
};

export type PageMessageKey = keyof typeof en;
export type PageMessages = Record<PageMessageKey, string>;
