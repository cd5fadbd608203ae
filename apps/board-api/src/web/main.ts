// The web app's entry: the theme before first paint, then the app shell.
import "./theme.ts";
import "./views/app/board-app.ts";
