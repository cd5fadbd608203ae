import type { PageMessages } from "./en.ts";

// Vous, and "passkey", as the SDK's elements say it (packages/authkit-sdk/src/i18n/fr.ts).
export const fr: PageMessages = {
  phoneTitle: "Se connecter avec votre téléphone",
  phoneDescription: "Confirmez avec ce téléphone une connexion ou une nouvelle passkey sur votre ordinateur.",
  brand: "Passkey",
  opening: "Ouverture…",
  needsJavaScript: "Cette page a besoin de JavaScript pour utiliser votre passkey.",
  confirmSignInTitle: "Se connecter sur votre ordinateur ?",
  confirmRegisterTitle: "Créer une passkey sur ce téléphone ?",
  confirmSignInText:
    "La passkey de ce téléphone vous connectera à {tenant} sur l'ordinateur qui affiche le code QR.",
  confirmRegisterText:
    "Ce téléphone gardera une passkey pour {account} sur {tenant}, pour que vous puissiez vous connecter avec.",
  factSite: "Site",
  factAsked: "Demandé",
  networkWarningTitle: "Ce téléphone est sur un autre réseau que l'ordinateur qui a affiché le code.",
  networkWarningText:
    "C'est normal en données mobiles. Mais si vous n'avez pas scanné un code sur un écran devant vous, quelqu'un d'autre essaie peut-être de se connecter à votre place : touchez Annuler.",
  phishingWarning:
    "Ne continuez que si vous êtes devant cet ordinateur et venez de scanner son code. Si quelqu'un vous a envoyé ce code, touchez Annuler.",
  continueSignIn: "Se connecter avec une passkey",
  continueRegister: "Créer la passkey",
  cancel: "Annuler",
  workingTitle: "Utilisez votre passkey",
  workingText: "Suivez les instructions de votre téléphone (empreinte, visage ou verrouillage de l'écran).",
  doneSignInTitle: "Vous êtes connecté sur votre ordinateur",
  doneRegisterTitle: "Passkey créée",
  doneSignInText: "Vous pouvez ranger votre téléphone.",
  doneRegisterText:
    "Vous pouvez maintenant vous connecter à {tenant} avec ce téléphone. Votre ordinateur affiche aussi le résultat.",
  cancelledTitle: "Annulé",
  cancelledText:
    "Aucune connexion n'a eu lieu. Votre ordinateur affiche un nouveau code QR si vous voulez réessayer.",
  noPasskeyTitle: "Aucune passkey sur ce téléphone",
  noPasskeyText:
    "Ce téléphone n'a pas de passkey pour {tenant}. Connectez-vous autrement sur votre ordinateur, ou créez d'abord une passkey sur ce téléphone.",
  usedTitle: "Ce code QR a déjà été utilisé",
  usedText:
    "Chaque code ne sert qu'une fois, sur un seul appareil. Scannez le nouveau code affiché par votre ordinateur.",
  expiredTitle: "Ce code QR a expiré",
  expiredText:
    "Les codes sont valables quelques minutes. Affichez-en un nouveau sur votre ordinateur et scannez-le à nouveau.",
  incompleteTitle: "Ce lien est incomplet",
  incompleteText:
    "Ouvrez-le en scannant le code QR de votre ordinateur avec l'appareil photo de ce téléphone.",
  failedTitle: "Cela n'a pas fonctionné",
  expiresIn: "Cette demande expire dans {time}",
  justNow: "à l'instant",
  failedUnsupported:
    "Ce navigateur ne peut pas utiliser de passkeys. Essayez le navigateur par défaut de votre téléphone.",
  failedExists: "Ce téléphone a déjà une passkey pour ce compte. Connectez-vous plutôt avec elle.",
  failedSecurity: "Le navigateur de ce téléphone a refusé d'utiliser les passkeys du site depuis cette page.",
  failedUnknown: "L'étape de la passkey ne s'est pas terminée sur ce téléphone.",
  failedServer:
    "Le serveur n'a pas pu terminer cette étape. Scannez le nouveau code affiché par votre ordinateur.",
  embedSignInTitle: "Connexion avec une passkey",
  embedRegisterTitle: "Créer une passkey avec votre téléphone",
  embedRefusedTitle: "Non disponible ici",
  embedRefusedText:
    "Cette page ne peut être intégrée que par un site enregistré auprès de ce serveur d'authentification.",
  adminTitle: "{page} · Administration AuthKit",
  adminFootnote: "AuthKit · serveur d'authentification par passkey",
  signInTitle: "Connexion",
  signInHeading: "Se connecter au tableau de bord",
  signInText:
    "Utilisez votre passkey d'administrateur pour gérer les locataires, les utilisateurs et le journal d'audit.",
  signInButton: "Se connecter avec une passkey",
  noPasskeyYet: "Pas encore de passkey ?",
  joinByInvitation:
    "Les administrateurs rejoignent sur invitation. Demandez un lien d'invitation à un administrateur, ou lancez ceci sur le serveur :",
  signInWrongAddress:
    "Ouvrez cette page à l'adresse {url}/ : les passkeys d'administrateur appartiennent à cette adresse.",
  signInSessionEnded: "Votre session a pris fin. Reconnectez-vous pour continuer.",
  signingIn: "Connexion en cours…",
  signInFailed: "La connexion a échoué ({status}).",
  signInUnreachable: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  inviteTitle: "Créez votre passkey",
  inviteWelcome: "Bienvenue, {name}",
  inviteText:
    "Vous êtes invité à administrer ce serveur AuthKit en tant que {email}. Créez une passkey sur cet appareil (ou une clé de sécurité) ; c'est ainsi que vous vous connectez : il n'y a pas de mot de passe.",
  inviteButton: "Créer la passkey",
  inviteReady: "Votre passkey est prête. Ce lien est désormais utilisé.",
  continueToSignIn: "Continuer vers la connexion",
  inviteHint: "Le lien ne sert qu'une fois, pendant 24 heures après sa création.",
  inviteExpiredTitle: "Lien d'invitation expiré",
  inviteExpiredHeading: "Ce lien d'invitation ne peut pas être utilisé",
  inviteExpiredText:
    "Il a expiré (les liens durent 24 heures) ou a déjà servi à créer une passkey. Demandez-en un nouveau à un administrateur, ou lancez ceci sur le serveur :",
  goToSignIn: "Aller à la connexion",
  // The demo page (/demo)
  demoTitle: "Démo AuthKit",
  demoDescription: "Essayez les passkeys avec les composants web et l'API JS d'AuthKit.",
  demoEyebrow: "Développement uniquement",
  demoLede:
    "Créez une passkey, puis connectez-vous avec. Tout ici fonctionne avec le locataire de démonstration intégré à ce serveur (rp_id {rpId}, utilisateur {user}) ; les jetons de la page ont été créés côté serveur pour cette visite, comme le ferait votre backend.",
  demoLanguage: "Langue",
  demoLanguageOfPage: "Celle de la page",
  demoTheme: "Thème",
  demoThemeAuto: "Auto",
  demoThemeLight: "Clair",
  demoThemeDark: "Sombre",
  demoRegisterTitle: "1 · Créer une passkey",
  demoRegisterIntro:
    "Un jeton utilisateur ({endpoint}) permet à ce bouton d'enregistrer une passkey pour l'utilisateur de démonstration.",
  demoPasskeyName: "Passkey de démo",
  demoSignInTitle: "2 · Se connecter",
  demoSignInIntro:
    "Un jeton de session ({endpoint}) ; le bouton se trouve dans un iframe sur {embed}. Sur {success}, la page envoie le {challengeId} à son backend, qui appelle {verifyAuth}.",
  demoPasskeysTitle: "3 · Vos passkeys",
  demoPasskeysIntro:
    "Un jeton utilisateur avec la portée de gestion ({endpoint} avec {scope}) : lister, renommer et supprimer les passkeys de l'utilisateur de démonstration, ou en ajouter une.",
  demoAutofillTitle: "Saisie automatique de passkey",
  demoAutofillIntro:
    "Placez le curseur dans le champ : le navigateur propose les passkeys de l'utilisateur de démonstration dans sa saisie automatique (médiation conditionnelle). {element} fait de même.",
  demoUsername: "Nom d'utilisateur",
  demoPickPasskey: "Choisissez une passkey",
  demoButtonTitle: "Bouton passkey",
  demoButtonIntro: "Le bouton de base : une connexion par passkey sur cette page même.",
  demoSecondaryStyle: "Style secondaire",
  demoQrTitle: "Code QR",
  demoQrIntro:
    "Connexion depuis un autre appareil : scannez avec un téléphone, qui effectue l'étape de la passkey sur la page téléphone de ce serveur.",
  demoStatusTitle: "Ligne d'état",
  demoStatusIntro: "Annoncée aux lecteurs d'écran ; masquée tant que {idle}.",
  demoApiIntro:
    "{passkey} et {management} avec les mêmes jetons (la gestion avec celui qui a la portée de gestion).",
  demoResults: "Les résultats s'affichent ici.",
  demoLogTitle: "Journal des événements",
  demoClear: "Effacer",
  demoLogIntro:
    "Les événements {events} sur {window} et les événements DOM des composants, les plus récents en premier.",
  demoWrongOrigin:
    "Ouvrez cette page à l'adresse {url}/demo : les passkeys du locataire de démonstration appartiennent à cette origine.",
  demoVerified: "Vérifié par le backend (verify-auth) : {name} · {id}",
  demoVerifyFailed: "Échec de verify-auth : {error}",
  demoWaiting: "En attente de votre passkey…",
  demoSignedInAs: "Connecté en tant que {name}",
  demoCancelled: "La connexion a été annulée.",
  demoAutofillVerified: "Connecté par saisie automatique en tant que {name}, vérifié par le backend.",
  demoAutofillFailed: "Échec de verify-auth.",
  demoApiPasskeyName: "Passkey de démo (API JS)",
};
