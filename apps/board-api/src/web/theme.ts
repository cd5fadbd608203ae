// The app's theme choice (auto, light, dark: the header's and the account page's switch), saved in this
// browser under "board-theme". main.ts imports this module first, so the `dark` class is set before
// anything renders.
import { applyTheme } from "@org/web-theme/theme";

applyTheme("board-theme");
