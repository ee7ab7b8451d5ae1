/* void beside other arguments: D_DECL_PROTO_VOID. */
provider myserv {
	probe done(int a, void);
};
