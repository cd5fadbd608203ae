import type { PageMessages } from "./en.ts";

// Sie, and "Smartphone", as the SDK's elements say it (packages/authkit-sdk/src/i18n/de.ts).
export const de: PageMessages = {
  phoneTitle: "Mit dem Smartphone anmelden",
  phoneDescription:
    "Bestätigen Sie mit diesem Smartphone eine Anmeldung oder einen neuen Passkey auf Ihrem Computer.",
  brand: "Passkey",
  opening: "Wird geöffnet…",
  needsJavaScript: "Diese Seite braucht JavaScript, um Ihren Passkey zu verwenden.",
  confirmSignInTitle: "Auf Ihrem Computer anmelden?",
  confirmRegisterTitle: "Einen Passkey auf diesem Smartphone erstellen?",
  confirmSignInText:
    "Ihr Passkey auf diesem Smartphone meldet Sie bei {tenant} auf dem Computer an, der den QR-Code zeigt.",
  confirmRegisterText:
    "Dieses Smartphone speichert einen Passkey für {account} bei {tenant}, damit Sie sich damit anmelden können.",
  factSite: "Website",
  factAsked: "Angefragt",
  networkWarningTitle:
    "Dieses Smartphone ist in einem anderen Netzwerk als der Computer, der den Code gezeigt hat.",
  networkWarningText:
    "Mit mobilen Daten ist das normal. Wenn Sie aber keinen Code auf einem Bildschirm vor sich gescannt haben, versucht vielleicht jemand anderes, sich als Sie anzumelden: Tippen Sie auf Abbrechen.",
  phishingWarning:
    "Fahren Sie nur fort, wenn Sie an diesem Computer sind und gerade seinen Code gescannt haben. Wenn Ihnen jemand diesen Code geschickt hat, tippen Sie auf Abbrechen.",
  continueSignIn: "Mit Passkey anmelden",
  continueRegister: "Passkey erstellen",
  cancel: "Abbrechen",
  workingTitle: "Verwenden Sie Ihren Passkey",
  workingText: "Folgen Sie der Aufforderung Ihres Smartphones (Fingerabdruck, Gesicht oder Displaysperre).",
  doneSignInTitle: "Sie sind auf Ihrem Computer angemeldet",
  doneRegisterTitle: "Passkey erstellt",
  doneSignInText: "Sie können Ihr Smartphone weglegen.",
  doneRegisterText:
    "Sie können sich jetzt mit diesem Smartphone bei {tenant} anmelden. Ihr Computer zeigt das Ergebnis ebenfalls an.",
  cancelledTitle: "Abgebrochen",
  cancelledText:
    "Es wurde niemand angemeldet. Ihr Computer zeigt einen neuen QR-Code, wenn Sie es noch einmal versuchen möchten.",
  noPasskeyTitle: "Kein Passkey auf diesem Smartphone",
  noPasskeyText:
    "Dieses Smartphone hat keinen Passkey für {tenant}. Melden Sie sich am Computer auf andere Weise an oder erstellen Sie zuerst einen Passkey auf diesem Smartphone.",
  usedTitle: "Dieser QR-Code wurde bereits verwendet",
  usedText:
    "Jeder Code funktioniert einmal, auf einem Gerät. Scannen Sie den neuen Code, den Ihr Computer zeigt.",
  expiredTitle: "Dieser QR-Code ist abgelaufen",
  expiredText:
    "Codes gelten einige Minuten. Lassen Sie sich auf Ihrem Computer einen neuen anzeigen und scannen Sie ihn erneut.",
  incompleteTitle: "Dieser Link ist unvollständig",
  incompleteText:
    "Öffnen Sie ihn, indem Sie den QR-Code auf Ihrem Computer mit der Kamera dieses Smartphones scannen.",
  failedTitle: "Das hat nicht funktioniert",
  expiresIn: "Diese Anfrage läuft in {time} ab",
  justNow: "gerade eben",
  failedUnsupported:
    "Dieser Browser kann keine Passkeys verwenden. Versuchen Sie es mit dem Standardbrowser Ihres Smartphones.",
  failedExists:
    "Dieses Smartphone hat bereits einen Passkey für dieses Konto. Melden Sie sich stattdessen damit an.",
  failedSecurity: "Der Browser dieses Smartphones hat die Passkeys der Website auf dieser Seite abgelehnt.",
  failedUnknown: "Der Passkey-Schritt wurde auf diesem Smartphone nicht abgeschlossen.",
  failedServer:
    "Der Server konnte diesen Schritt nicht abschließen. Scannen Sie den neuen Code, den Ihr Computer zeigt.",
  embedSignInTitle: "Anmeldung mit Passkey",
  embedRegisterTitle: "Einen Passkey mit dem Smartphone erstellen",
  embedRefusedTitle: "Hier nicht verfügbar",
  embedRefusedText:
    "Diese Seite kann nur von einer Website eingebettet werden, die bei diesem Authentifizierungsserver registriert ist.",
  adminTitle: "{page} · AuthKit-Verwaltung",
  adminFootnote: "AuthKit · Passkey-Authentifizierungsserver",
  signInTitle: "Anmelden",
  signInHeading: "Beim Dashboard anmelden",
  signInText:
    "Verwenden Sie Ihren Administrator-Passkey, um Mandanten, Benutzer und das Audit-Log zu verwalten.",
  signInButton: "Mit Passkey anmelden",
  noPasskeyYet: "Noch keinen Passkey?",
  joinByInvitation:
    "Administratoren kommen per Einladung dazu. Bitten Sie einen Administrator um einen Einladungslink oder führen Sie dies auf dem Server aus:",
  signInWrongAddress:
    "Öffnen Sie diese Seite unter {url}/ : Administrator-Passkeys gehören zu dieser Adresse.",
  signInSessionEnded: "Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um fortzufahren.",
  signingIn: "Sie werden angemeldet…",
  signInFailed: "Anmeldung fehlgeschlagen ({status}).",
  signInUnreachable:
    "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  inviteTitle: "Erstellen Sie Ihren Passkey",
  inviteWelcome: "Willkommen, {name}",
  inviteText:
    "Sie sind eingeladen, diesen AuthKit-Server als {email} zu verwalten. Erstellen Sie einen Passkey auf diesem Gerät (oder einen Sicherheitsschlüssel); damit melden Sie sich an: Es gibt kein Passwort.",
  inviteButton: "Passkey erstellen",
  inviteReady: "Ihr Passkey ist bereit. Dieser Link ist jetzt verbraucht.",
  continueToSignIn: "Weiter zur Anmeldung",
  inviteHint: "Der Link funktioniert einmal, 24 Stunden lang ab seiner Erstellung.",
  inviteExpiredTitle: "Einladungslink abgelaufen",
  inviteExpiredHeading: "Dieser Einladungslink kann nicht verwendet werden",
  inviteExpiredText:
    "Er ist abgelaufen (Links gelten 24 Stunden) oder wurde bereits zum Erstellen eines Passkeys verwendet. Bitten Sie einen Administrator um einen neuen oder führen Sie dies auf dem Server aus:",
  goToSignIn: "Zur Anmeldung",
  // The demo page (/demo)
  demoTitle: "AuthKit-Demo",
  demoDescription: "Probieren Sie Passkeys mit den Web Components und der JS-API von AuthKit aus.",
  demoEyebrow: "Nur für die Entwicklung",
  demoLede:
    "Erstellen Sie einen Passkey und melden Sie sich dann damit an. Alles hier läuft gegen den eingebauten Demo-Mandanten dieses Servers (rp_id {rpId}, Benutzer {user}); die Tokens der Seite wurden für diesen Besuch auf dem Server erzeugt, wie es Ihr Backend tun würde.",
  demoLanguage: "Sprache",
  demoLanguageOfPage: "Wie die Seite",
  demoTheme: "Design",
  demoThemeAuto: "Automatisch",
  demoThemeLight: "Hell",
  demoThemeDark: "Dunkel",
  demoRegisterTitle: "1 · Passkey erstellen",
  demoRegisterIntro:
    "Ein Benutzer-Token ({endpoint}) erlaubt diesem Button, einen Passkey für den Demo-Benutzer zu registrieren.",
  demoPasskeyName: "Demo-Passkey",
  demoSignInTitle: "2 · Anmelden",
  demoSignInIntro:
    "Ein Sitzungs-Token ({endpoint}); der Button liegt in einem iframe auf {embed}. Bei {success} schickt die Seite die {challengeId} an ihr Backend, das {verifyAuth} aufruft.",
  demoPasskeysTitle: "3 · Ihre Passkeys",
  demoPasskeysIntro:
    "Ein Benutzer-Token mit Verwaltungsrecht ({endpoint} mit {scope}): die Passkeys des Demo-Benutzers auflisten, umbenennen und löschen oder einen hinzufügen.",
  demoAutofillTitle: "Passkey-Autofill",
  demoAutofillIntro:
    "Setzen Sie den Fokus in das Feld: Der Browser bietet die Passkeys des Demo-Benutzers in seinem Autofill an (Conditional Mediation). {element} macht dasselbe.",
  demoUsername: "Benutzername",
  demoPickPasskey: "Passkey auswählen",
  demoButtonTitle: "Passkey-Button",
  demoButtonIntro: "Der einfache Button: eine Passkey-Anmeldung direkt auf dieser Seite.",
  demoSecondaryStyle: "Sekundärer Stil",
  demoQrTitle: "QR-Code",
  demoQrIntro:
    "Anmeldung über ein anderes Gerät: mit einem Smartphone scannen, das den Passkey-Schritt auf der Smartphone-Seite dieses Servers ausführt.",
  demoStatusTitle: "Statuszeile",
  demoStatusIntro: "Wird Screenreadern angesagt; bei {idle} ausgeblendet.",
  demoApiIntro:
    "{passkey} und {management} mit denselben Tokens (die Verwaltung mit dem Token mit Verwaltungsrecht).",
  demoResults: "Die Ergebnisse erscheinen hier.",
  demoLogTitle: "Ereignisprotokoll",
  demoClear: "Leeren",
  demoLogIntro:
    "{events}-Ereignisse auf {window} und die DOM-Ereignisse der Komponenten, die neuesten zuerst.",
  demoWrongOrigin:
    "Öffnen Sie diese Seite unter {url}/demo: Die Passkeys des Demo-Mandanten gehören zu diesem Origin.",
  demoVerified: "Vom Backend bestätigt (verify-auth): {name} · {id}",
  demoVerifyFailed: "verify-auth fehlgeschlagen: {error}",
  demoWaiting: "Warten auf Ihren Passkey…",
  demoSignedInAs: "Angemeldet als {name}",
  demoCancelled: "Die Anmeldung wurde abgebrochen.",
  demoAutofillVerified: "Per Autofill als {name} angemeldet, vom Backend bestätigt.",
  demoAutofillFailed: "verify-auth fehlgeschlagen.",
  demoApiPasskeyName: "Demo-Passkey (JS-API)",
};
