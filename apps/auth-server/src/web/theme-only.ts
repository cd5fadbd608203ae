// The script of a page that has no other (the expired invite): only the theme, from the system's setting.
import "@org/web-theme/auto";
