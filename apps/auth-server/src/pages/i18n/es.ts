import type { PageMessages } from "./en.ts";

// Tú, and "llave de acceso", as the SDK's elements say it (packages/authkit-sdk/src/i18n/es.ts).
export const es: PageMessages = {
  phoneTitle: "Inicia sesión con tu teléfono",
  phoneDescription:
    "Confirma con este teléfono un inicio de sesión o una nueva llave de acceso en tu ordenador.",
  brand: "Llave de acceso",
  opening: "Abriendo…",
  needsJavaScript: "Esta página necesita JavaScript para usar tu llave de acceso.",
  confirmSignInTitle: "¿Iniciar sesión en tu ordenador?",
  confirmRegisterTitle: "¿Crear una llave de acceso en este teléfono?",
  confirmSignInText:
    "La llave de acceso de este teléfono iniciará tu sesión en {tenant} en el ordenador que muestra el código QR.",
  confirmRegisterText:
    "Este teléfono guardará una llave de acceso para {account} en {tenant}, para que puedas iniciar sesión con ella.",
  factSite: "Sitio",
  factAsked: "Solicitado",
  networkWarningTitle: "Este teléfono está en una red distinta a la del ordenador que mostró el código.",
  networkWarningText:
    "Es normal con datos móviles. Pero si no escaneaste un código en una pantalla delante de ti, puede que otra persona esté intentando iniciar sesión como tú: toca Cancelar.",
  phishingWarning:
    "Continúa solo si estás frente a ese ordenador y acabas de escanear su código. Si alguien te envió este código, toca Cancelar.",
  continueSignIn: "Iniciar sesión con llave de acceso",
  continueRegister: "Crear llave de acceso",
  cancel: "Cancelar",
  workingTitle: "Usa tu llave de acceso",
  workingText: "Sigue las indicaciones de tu teléfono (huella, rostro o bloqueo de pantalla).",
  doneSignInTitle: "Has iniciado sesión en tu ordenador",
  doneRegisterTitle: "Llave de acceso creada",
  doneSignInText: "Ya puedes guardar el teléfono.",
  doneRegisterText:
    "Ahora puedes iniciar sesión en {tenant} con este teléfono. Tu ordenador también muestra el resultado.",
  cancelledTitle: "Cancelado",
  cancelledText:
    "No se inició ninguna sesión. Tu ordenador muestra un nuevo código QR si quieres volver a intentarlo.",
  noPasskeyTitle: "No hay ninguna llave de acceso en este teléfono",
  noPasskeyText:
    "Este teléfono no tiene ninguna llave de acceso para {tenant}. Inicia sesión de otra forma en tu ordenador o crea primero una llave de acceso en este teléfono.",
  usedTitle: "Este código QR ya se usó",
  usedText:
    "Cada código funciona una vez, en un solo dispositivo. Escanea el nuevo código que muestra tu ordenador.",
  expiredTitle: "Este código QR ha caducado",
  expiredText: "Los códigos valen unos minutos. Muestra uno nuevo en tu ordenador y vuelve a escanearlo.",
  incompleteTitle: "Este enlace está incompleto",
  incompleteText: "Ábrelo escaneando el código QR de tu ordenador con la cámara de este teléfono.",
  failedTitle: "No ha funcionado",
  expiresIn: "Esta solicitud caduca en {time}",
  justNow: "ahora mismo",
  failedUnsupported:
    "Este navegador no puede usar llaves de acceso. Prueba con el navegador predeterminado de tu teléfono.",
  failedExists: "Este teléfono ya tiene una llave de acceso para esta cuenta. Inicia sesión con ella.",
  failedSecurity:
    "El navegador de este teléfono se negó a usar las llaves de acceso del sitio desde esta página.",
  failedUnknown: "El paso de la llave de acceso no se completó en este teléfono.",
  failedServer: "El servidor no pudo terminar este paso. Escanea el nuevo código que muestra tu ordenador.",
  embedSignInTitle: "Inicio de sesión con llave de acceso",
  embedRegisterTitle: "Crea una llave de acceso con tu teléfono",
  embedRefusedTitle: "No disponible aquí",
  embedRefusedText:
    "Esta página solo puede insertarla un sitio registrado en este servidor de autenticación.",
  // The administrators' pages speak as the dashboard does (usted); the pages of a site's users, as the
  // SDK's elements do (tú).
  adminTitle: "{page} · Administración de AuthKit",
  adminFootnote: "AuthKit · servidor de autenticación con llaves de acceso",
  signInTitle: "Iniciar sesión",
  signInHeading: "Inicie sesión en el panel",
  signInText:
    "Use su llave de acceso de administrador para gestionar inquilinos, usuarios y el registro de auditoría.",
  signInButton: "Iniciar sesión con llave de acceso",
  noPasskeyYet: "¿Aún no tiene llave de acceso?",
  joinByInvitation:
    "Los administradores se unen por invitación. Pida un enlace de invitación a un administrador o ejecute esto en el servidor:",
  signInWrongAddress:
    "Abra esta página en {url}/ : las llaves de acceso de administrador pertenecen a esa dirección.",
  signInSessionEnded: "Su sesión terminó. Vuelva a iniciar sesión para continuar.",
  signingIn: "Iniciando sesión…",
  signInFailed: "No se pudo iniciar sesión ({status}).",
  signInUnreachable: "No se puede contactar con el servidor. Compruebe su conexión y vuelva a intentarlo.",
  inviteTitle: "Cree su llave de acceso",
  inviteWelcome: "Le damos la bienvenida, {name}",
  inviteText:
    "Le han invitado a administrar este servidor AuthKit como {email}. Cree una llave de acceso en este dispositivo (o una llave de seguridad); así es como inicia sesión: no hay contraseña.",
  inviteButton: "Crear llave de acceso",
  inviteReady: "Su llave de acceso está lista. Este enlace ya se ha usado.",
  continueToSignIn: "Continuar al inicio de sesión",
  inviteHint: "El enlace funciona una vez, durante 24 horas desde que se creó.",
  inviteExpiredTitle: "Enlace de invitación caducado",
  inviteExpiredHeading: "Este enlace de invitación no se puede usar",
  inviteExpiredText:
    "Ha caducado (los enlaces duran 24 horas) o ya se usó para crear una llave de acceso. Pida uno nuevo a un administrador o ejecute esto en el servidor:",
  goToSignIn: "Ir al inicio de sesión",
  // The demo page (/demo): usted, as the admin dashboard (it speaks to a site's developers).
  demoTitle: "Demo de AuthKit",
  demoDescription: "Pruebe las llaves de acceso con los componentes web y la API JS de AuthKit.",
  demoEyebrow: "Solo para desarrollo",
  demoLede:
    "Cree una llave de acceso y luego inicie sesión con ella. Todo aquí funciona con el inquilino de demostración integrado en este servidor (rp_id {rpId}, usuario {user}); los tokens de la página se emitieron en el servidor para esta visita, como lo haría su backend.",
  demoLanguage: "Idioma",
  demoLanguageOfPage: "El de la página",
  demoTheme: "Tema",
  demoThemeAuto: "Automático",
  demoThemeLight: "Claro",
  demoThemeDark: "Oscuro",
  demoRegisterTitle: "1 · Crear una llave de acceso",
  demoRegisterIntro:
    "Un token de usuario ({endpoint}) permite a este botón registrar una llave de acceso para el usuario de demostración.",
  demoPasskeyName: "Llave de acceso de demostración",
  demoSignInTitle: "2 · Iniciar sesión",
  demoSignInIntro:
    "Un token de sesión ({endpoint}); el botón está en un iframe en {embed}. Con {success}, la página envía el {challengeId} a su backend, que llama a {verifyAuth}.",
  demoPasskeysTitle: "3 · Sus llaves de acceso",
  demoPasskeysIntro:
    "Un token de usuario con permiso de gestión ({endpoint} con {scope}): enumere, cambie de nombre y elimine las llaves de acceso del usuario de demostración, o añada una.",
  demoAutofillTitle: "Autocompletado de llaves de acceso",
  demoAutofillIntro:
    "Haga clic en el campo: el navegador ofrece las llaves de acceso del usuario de demostración en su autocompletado (mediación condicional). {element} hace lo mismo.",
  demoUsername: "Nombre de usuario",
  demoPickPasskey: "Elija una llave de acceso",
  demoButtonTitle: "Botón de llave de acceso",
  demoButtonIntro: "El botón básico: un inicio de sesión con llave de acceso en esta misma página.",
  demoSecondaryStyle: "Estilo secundario",
  demoQrTitle: "Código QR",
  demoQrIntro:
    "Inicio de sesión desde otro dispositivo: escanee con un teléfono, que realiza el paso de la llave de acceso en la página para teléfonos de este servidor.",
  demoStatusTitle: "Línea de estado",
  demoStatusIntro: "Se anuncia a los lectores de pantalla; oculta mientras está en {idle}.",
  demoApiIntro:
    "{passkey} y {management} con los mismos tokens (la gestión, con el que tiene permiso de gestión).",
  demoResults: "Los resultados aparecen aquí.",
  demoLogTitle: "Registro de eventos",
  demoClear: "Borrar",
  demoLogIntro:
    "Los eventos {events} en {window} y los eventos DOM de los componentes, los más recientes primero.",
  demoWrongOrigin:
    "Abra esta página en {url}/demo: las llaves de acceso del inquilino de demostración pertenecen a ese origen.",
  demoVerified: "Verificado por el backend (verify-auth): {name} · {id}",
  demoVerifyFailed: "verify-auth falló: {error}",
  demoWaiting: "Esperando su llave de acceso…",
  demoSignedInAs: "Sesión iniciada como {name}",
  demoCancelled: "Se canceló el inicio de sesión.",
  demoAutofillVerified: "Sesión iniciada con autocompletado como {name}, verificada por el backend.",
  demoAutofillFailed: "verify-auth falló.",
  demoApiPasskeyName: "Llave de acceso de demostración (API JS)",
};
