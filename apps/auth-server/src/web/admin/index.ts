// The dashboard's page script (`GET /admin`): defines <admin-app> and the views it routes to.
import "./app/admin-app.ts";
