/* A translated argument needs a name (the mapping): D_DECL_PROTO_NAME. */
provider myserv {
	probe done(int a) : (int);
};
