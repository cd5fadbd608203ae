// The dashboard's page script (`GET /admin`): defines <admin-app> and the views it routes to.
import "@org/web-theme/auto"; // first: the `dark` class before anything renders
import "./app/admin-app.ts";
