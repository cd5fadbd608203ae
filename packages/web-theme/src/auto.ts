// For a page script's first import: the theme follows the system (no saved choice) before anything renders.
import { applyTheme } from "./theme.ts";

applyTheme();
