/* A probe declared twice in one provider: D_PROV_PRDUP. */
provider myserv {
	probe request__start(int);
	probe request__start(int);
};
