-- One database per service on the shared PostgreSQL (the first is POSTGRES_DB).
CREATE DATABASE auth;
