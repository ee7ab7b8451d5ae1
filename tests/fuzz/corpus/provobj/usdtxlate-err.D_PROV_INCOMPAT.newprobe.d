/* A provider declared again with a probe it did not have: D_PROV_INCOMPAT. */
provider myserv {
	probe done(int a);
};

provider myserv {
	probe start(int a);
};
