-- One database per service on the shared PostgreSQL (the first is POSTGRES_DB), and the two of the
-- `scale` profile. Run only when the volume is created; on an older volume, create them by hand:
--   docker compose exec postgres createdb -U postgres board_scale   (and auth_scale)
CREATE DATABASE auth;
CREATE DATABASE board_scale;
CREATE DATABASE auth_scale;
