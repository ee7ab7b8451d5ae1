/* A translated argument must name a native one: D_DECL_PROTO_FORM. */
provider myserv {
	probe done(int a) : (int b);
};
