/* A provider declared again with another argument type: D_PROV_INCOMPAT. */
provider myserv {
	probe done(int a);
};

provider myserv {
	probe done(long a);
};
