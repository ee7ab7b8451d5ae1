/*
 * errtags.h - the D compiler's error tags: one name per kind of
 * compile-time error, the names DTrace gives them (D_SYNTAX,
 * D_OP_INCOMPAT, ...), so that `-x errtags` prints the same tag DTrace
 * prints for the same error and a program (or a test) can tell errors
 * apart without reading their text.
 *
 * The list is written once, as DT_ERRTAGS(X), in DTrace's order; it
 * makes enum dt_errtag and errtags.c's name table.  Every compile-time
 * error path passes one (dt_sema_err, the parser's and lexer's failures,
 * dt_compile_error); D_UNKNOWN is what DTrace itself reports for the
 * few errors it has no specific tag for.
 */
#ifndef DT_ERRTAGS_H
#define DT_ERRTAGS_H

#define DT_ERRTAGS(X) \
	X(D_UNKNOWN)		/* no more specific tag (DTrace's choice too) */ \
	X(D_SYNTAX)		/* the text does not parse */ \
	X(D_EMPTY)		/* a program with nothing in it */ \
	X(D_TYPE_ERR)		/* a type that should exist does not */ \
	X(D_TYPE_MEMBER)	/* no such member in a struct or union */ \
	X(D_ASRELO)		/* a relocation against an unknown symbol */ \
	X(D_CG_EXPR)		/* an action used where a value is needed */ \
	X(D_CG_DYN)		/* an expression whose result has no type */ \
	X(D_ATTR_MIN)		/* stability below the required minimum */ \
	X(D_ID_OFLOW)		/* too many variables of one kind */ \
	X(D_PDESC_ZERO)		/* a probe description matching nothing */ \
	X(D_PDESC_INVAL)	/* a probe description that cannot be read */ \
	X(D_PRED_SCALAR)	/* a predicate that is not a scalar */ \
	X(D_FUNC_IDENT)		/* a call of something that is not a name */ \
	X(D_FUNC_UNDEF)		/* a call of an unknown function */ \
	X(D_FUNC_IDKIND)	/* a call of a name that is not a function */ \
	X(D_OFFSETOF_TYPE)	/* offsetof of a type without members */ \
	X(D_OFFSETOF_BITFIELD)	/* offsetof of a bit-field */ \
	X(D_SIZEOF_TYPE)	/* sizeof of something without a size */ \
	X(D_SIZEOF_BITFIELD)	/* sizeof of a bit-field */ \
	X(D_STRINGOF_TYPE)	/* stringof of a value it cannot convert */ \
	X(D_OP_IDENT)		/* an operator needing a name after it */ \
	X(D_OP_INT)		/* an operator needing integers */ \
	X(D_OP_SCALAR)		/* an operator needing scalars */ \
	X(D_OP_ARITH)		/* an operator needing arithmetic types */ \
	X(D_OP_WRITE)		/* an assignment to something read-only */ \
	X(D_OP_LVAL)		/* an assignment to something not an lvalue */ \
	X(D_OP_INCOMPAT)	/* operands of types that do not mix */ \
	X(D_OP_VFPTR)		/* arithmetic on void or function pointers */ \
	X(D_OP_ARRFUN)		/* an assignment to an array or function */ \
	X(D_OP_PTR)		/* -> applied to a non-pointer */ \
	X(D_OP_SOU)		/* . or -> applied to a non-struct */ \
	X(D_OP_INCOMPLETE)	/* . or -> through an undefined struct */ \
	X(D_OP_DYN)		/* an operand of dynamic type */ \
	X(D_OP_ACT)		/* an action used as an operand */ \
	X(D_AGG_REDEF)		/* an aggregation given another function */ \
	X(D_AGG_FUNC)		/* an aggregation assigned a non-aggregating call */ \
	X(D_AGG_MDIM)		/* an aggregation indexed twice */ \
	X(D_ARR_BADREF)		/* a tuple index on something not an array */ \
	X(D_ARR_LOCAL)		/* a this-> variable used as an array */ \
	X(D_DIV_ZERO)		/* division by a constant zero */ \
	X(D_DEREF_NONPTR)	/* * applied to a non-pointer */ \
	X(D_DEREF_VOID)		/* * applied to a void pointer */ \
	X(D_DEREF_FUNC)		/* * applied to a function pointer */ \
	X(D_ADDROF_LVAL)	/* & applied to a non-lvalue */ \
	X(D_ADDROF_VAR)		/* & applied to a D variable */ \
	X(D_ADDROF_BITFIELD)	/* & applied to a bit-field */ \
	X(D_XLATE_REDECL)	/* a translator declared twice */ \
	X(D_XLATE_NOCONV)	/* a member the translator does not convert */ \
	X(D_XLATE_NONE)		/* no translator between two types */ \
	X(D_XLATE_SOU)		/* a translator to a non-struct */ \
	X(D_XLATE_INCOMPAT)	/* a translator member of the wrong type */ \
	X(D_XLATE_MEMB)		/* a translator member the output lacks */ \
	X(D_CAST_INVAL)		/* a cast between types that do not convert */ \
	X(D_PRAGERR)		/* #error */ \
	X(D_PRAGCTL_INVAL)	/* an unknown # control line */ \
	X(D_PRAGMA_INVAL)	/* an unknown or ill-formed D pragma */ \
	X(D_PRAGMA_UNUSED)	/* a pragma naming nothing */ \
	X(D_PRAGMA_MALFORM)	/* a pragma with the wrong arguments */ \
	X(D_PRAGMA_OPTSET)	/* a pragma option that cannot be set */ \
	X(D_PRAGMA_SCOPE)	/* a pragma on something outside the program */ \
	X(D_PRAGMA_DEPEND)	/* an unmet depends_on */ \
	X(D_MACRO_UNDEF)	/* a macro argument or variable not given */ \
	X(D_MACRO_OFLOW)	/* a macro argument too big for an integer */ \
	X(D_MACRO_UNUSED)	/* an argument no $N refers to */ \
	X(D_INT_OFLOW)		/* an integer constant too big for any type */ \
	X(D_INT_DIGIT)		/* an integer constant with a bad digit */ \
	X(D_STR_NL)		/* a newline inside a string */ \
	X(D_CHR_NL)		/* a newline inside a character constant */ \
	X(D_CHR_NULL)		/* '' */ \
	X(D_CHR_OFLOW)		/* a character constant over 8 bytes */ \
	X(D_IDENT_BADREF)	/* a name used as the wrong kind of thing */ \
	X(D_IDENT_UNDEF)	/* an unknown name */ \
	X(D_IDENT_AMBIG)	/* an enumerator that is also a variable */ \
	X(D_SYM_BADREF)		/* a kernel symbol used as a user one */ \
	X(D_SYM_NOTYPES)	/* a symbol without type information */ \
	X(D_SYM_MODEL)		/* a symbol of another data model */ \
	X(D_VAR_UNDEF)		/* a variable read before it is assigned */ \
	X(D_VAR_UNSUP)		/* a kind of variable D does not have */ \
	X(D_PROTO_LEN)		/* the wrong number of arguments or keys */ \
	X(D_PROTO_ARG)		/* an argument or key of the wrong type */ \
	X(D_ARGS_MULTI)		/* args[] for probes of different signatures */ \
	X(D_ARGS_XLATOR)	/* args[] needing a translator nobody wrote */ \
	X(D_ARGS_NONE)		/* args[] outside a probe clause */ \
	X(D_ARGS_TYPE)		/* args[] of an unknown type */ \
	X(D_ARGS_IDX)		/* args[] beyond the probe's arguments */ \
	X(D_REGS_IDX)		/* uregs[] beyond the registers */ \
	X(D_KEY_TYPE)		/* a key of a type keys cannot have */ \
	X(D_PRINTF_DYN_PROTO)	/* a * width without its argument */ \
	X(D_PRINTF_DYN_TYPE)	/* a * width that is not an integer */ \
	X(D_PRINTF_AGG_CONV)	/* %@ outside printa() */ \
	X(D_PRINTF_ARG_PROTO)	/* a conversion without its argument */ \
	X(D_PRINTF_ARG_TYPE)	/* an argument its conversion cannot print */ \
	X(D_PRINTF_ARG_EXTRA)	/* more arguments than conversions */ \
	X(D_PRINTF_ARG_FMT)	/* a format that is not a string constant */ \
	X(D_PRINTF_FMT_EMPTY)	/* an empty format */ \
	X(D_DECL_CHARATTR)	/* short or long char */ \
	X(D_DECL_VOIDATTR)	/* long, signed ... void */ \
	X(D_DECL_SIGNINT)	/* signed or unsigned on a non-integer */ \
	X(D_DECL_LONGINT)	/* long on a non-arithmetic type */ \
	X(D_DECL_IDENT)		/* an old-style declaration */ \
	X(D_DECL_CLASS)		/* two storage classes */ \
	X(D_DECL_BADCLASS)	/* a storage class D does not have */ \
	X(D_DECL_PARMCLASS)	/* a storage class on a parameter */ \
	X(D_DECL_COMBO)		/* type specifiers that do not combine */ \
	X(D_DECL_ARRSUB)	/* an array size that is not a constant */ \
	X(D_DECL_ARRNULL)	/* an array without a size or a signature */ \
	X(D_DECL_ARRBIG)	/* an array too big */ \
	X(D_DECL_IDRED)		/* a name declared twice */ \
	X(D_DECL_TYPERED)	/* a type declared twice */ \
	X(D_DECL_MNAME)		/* a member without a name */ \
	X(D_DECL_SCOPE)		/* a backquote in a declared name */ \
	X(D_DECL_BFCONST)	/* a bit-field width that is not a constant */ \
	X(D_DECL_BFSIZE)	/* a bit-field wider than its type */ \
	X(D_DECL_BFTYPE)	/* a bit-field of a non-integer type */ \
	X(D_DECL_ENCONST)	/* an enumerator that is not a constant */ \
	X(D_DECL_ENOFLOW)	/* an enumerator beyond int's range */ \
	X(D_DECL_USELESS)	/* a declaration declaring nothing */ \
	X(D_DECL_LOCASSC)	/* a this-> associative array */ \
	X(D_DECL_VOIDOBJ)	/* an object of type void */ \
	X(D_DECL_DYNOBJ)	/* an object of dynamic type */ \
	X(D_DECL_INCOMPLETE)	/* an object of an undefined struct */ \
	X(D_DECL_PROTO_VARARGS)	/* ... where it is not allowed */ \
	X(D_DECL_PROTO_TYPE)	/* a parameter type not allowed there */ \
	X(D_DECL_PROTO_VOID)	/* void beside other parameters */ \
	X(D_DECL_PROTO_NAME)	/* a named void, an unnamed parameter */ \
	X(D_DECL_PROTO_FORM)	/* a parameter name used twice, or unknown */ \
	X(D_COMM_COMM)		/* commit() after commit() */ \
	X(D_COMM_DREC)		/* commit() after recording data */ \
	X(D_SPEC_SPEC)		/* speculate() after speculate() */ \
	X(D_SPEC_COMM)		/* speculate() after commit() */ \
	X(D_SPEC_DREC)		/* speculate() after recording data */ \
	X(D_AGG_COMM)		/* an aggregation after commit() */ \
	X(D_AGG_SPEC)		/* an aggregation after speculate() */ \
	X(D_AGG_NULL)		/* an aggregation statement doing nothing */ \
	X(D_AGG_SCALAR)		/* an aggregated value that is not a scalar */ \
	X(D_ACT_SPEC)		/* a destructive action after speculate() */ \
	X(D_EXIT_SPEC)		/* exit() after speculate() */ \
	X(D_DREC_COMM)		/* recording data after commit() */ \
	X(D_PRINTA_PROTO)	/* printa() with the wrong arguments */ \
	X(D_PRINTA_AGGARG)	/* printa() of something not an aggregation */ \
	X(D_PRINTA_AGGBAD)	/* printa() of an unknown aggregation */ \
	X(D_PRINTA_AGGKEY)	/* printa() of aggregations with other keys */ \
	X(D_PRINTA_AGGPROTO)	/* printa() of aggregations of other signatures */ \
	X(D_TRACE_VOID)		/* trace() of a void expression */ \
	X(D_TRACE_DYN)		/* trace() of a dynamic expression */ \
	X(D_TRACE_AGG)		/* trace() of an aggregation */ \
	X(D_PRINT_VOID)		/* print() of a void expression */ \
	X(D_PRINT_DYN)		/* print() of a dynamic expression */ \
	X(D_PRINT_AGG)		/* print() of an aggregation */ \
	X(D_TRACEMEM_ADDR)	/* tracemem() of something not an address */ \
	X(D_TRACEMEM_SIZE)	/* tracemem() size not a positive constant */ \
	X(D_TRACEMEM_ARGS)	/* tracemem() with too many arguments */ \
	X(D_TRACEMEM_DYNSIZE)	/* tracemem() dynamic size not a scalar */ \
	X(D_STACK_PROTO)	/* stack() with too many arguments */ \
	X(D_STACK_SIZE)		/* stack() depth not a positive constant */ \
	X(D_USTACK_FRAMES)	/* ustack() depth not a positive constant */ \
	X(D_USTACK_STRSIZE)	/* ustack() string size not a constant */ \
	X(D_USTACK_PROTO)	/* ustack() with too many arguments */ \
	X(D_LQUANT_BASETYPE)	/* lquantize() base not a constant */ \
	X(D_LQUANT_BASEVAL)	/* lquantize() base beyond 32 bits */ \
	X(D_LQUANT_LIMTYPE)	/* lquantize() limit not a constant */ \
	X(D_LQUANT_LIMVAL)	/* lquantize() limit beyond 32 bits */ \
	X(D_LQUANT_MISMATCH)	/* lquantize() limit below its base */ \
	X(D_LQUANT_STEPTYPE)	/* lquantize() step not a positive constant */ \
	X(D_LQUANT_STEPVAL)	/* lquantize() step beyond 16 bits */ \
	X(D_LQUANT_STEPLARGE)	/* lquantize() step leaving no level */ \
	X(D_LQUANT_STEPSMALL)	/* lquantize() step making too many levels */ \
	X(D_QUANT_PROTO)	/* quantize() with the wrong arguments */ \
	X(D_PROC_OFF)		/* pid: an offset past the function */ \
	X(D_PROC_ALIGN)		/* pid: a misaligned offset */ \
	X(D_PROC_NAME)		/* pid: a bad probe name */ \
	X(D_PROC_GRAB)		/* pid: the process cannot be grabbed */ \
	X(D_PROC_DYN)		/* pid: a statically linked process */ \
	X(D_PROC_LIB)		/* pid: a bad library name */ \
	X(D_PROC_FUNC)		/* pid: no such function */ \
	X(D_PROC_CREATEFAIL)	/* pid: probe creation failed */ \
	X(D_PROC_NODEV)		/* pid: no fasttrap */ \
	X(D_PROC_BADPID)	/* usdt: a bad process id */ \
	X(D_PROC_BADPROV)	/* usdt: a bad provider */ \
	X(D_PROC_USDT)		/* usdt: setting up failed */ \
	X(D_CLEAR_PROTO)	/* clear() with the wrong arguments */ \
	X(D_CLEAR_AGGARG)	/* clear() of something not an aggregation */ \
	X(D_CLEAR_AGGBAD)	/* clear() of an unknown aggregation */ \
	X(D_NORMALIZE_PROTO)	/* normalize() with the wrong arguments */ \
	X(D_NORMALIZE_SCALAR)	/* normalize() factor not a scalar */ \
	X(D_NORMALIZE_AGGARG)	/* normalize() of something not an aggregation */ \
	X(D_NORMALIZE_AGGBAD)	/* normalize() of an unknown aggregation */ \
	X(D_TRUNC_PROTO)	/* trunc() with the wrong arguments */ \
	X(D_TRUNC_SCALAR)	/* trunc() count not a scalar */ \
	X(D_TRUNC_AGGARG)	/* trunc() of something not an aggregation */ \
	X(D_TRUNC_AGGBAD)	/* trunc() of an unknown aggregation */ \
	X(D_PROV_BADNAME)	/* a provider or probe name not allowed */ \
	X(D_PROV_INCOMPAT)	/* a provider redeclared differently */ \
	X(D_PROV_PRDUP)		/* a probe declared twice */ \
	X(D_PROV_PRARGLEN)	/* a probe with too many arguments */ \
	X(D_PROV_PRXLATOR)	/* a probe argument needing a translator */ \
	X(D_FREOPEN_INVALID)	/* freopen() of a name it reserves */ \
	X(D_LQUANT_MATCHBASE)	/* lquantize() base unlike an earlier one */ \
	X(D_LQUANT_MATCHLIM)	/* lquantize() limit unlike an earlier one */ \
	X(D_LQUANT_MATCHSTEP)	/* lquantize() step unlike an earlier one */ \
	X(D_LLQUANT_FACTORTYPE)	/* llquantize() factor not a constant */ \
	X(D_LLQUANT_FACTORVAL)	/* llquantize() factor beyond 16 bits */ \
	X(D_LLQUANT_FACTORMATCH) /* llquantize() factor unlike an earlier one */ \
	X(D_LLQUANT_LOWTYPE)	/* llquantize() low magnitude not a constant */ \
	X(D_LLQUANT_LOWVAL)	/* llquantize() low magnitude beyond 16 bits */ \
	X(D_LLQUANT_LOWMATCH)	/* llquantize() low magnitude unlike before */ \
	X(D_LLQUANT_HIGHTYPE)	/* llquantize() high magnitude not a constant */ \
	X(D_LLQUANT_HIGHVAL)	/* llquantize() high magnitude beyond 16 bits */ \
	X(D_LLQUANT_HIGHMATCH)	/* llquantize() high magnitude unlike before */ \
	X(D_LLQUANT_NSTEPTYPE)	/* llquantize() steps not a constant */ \
	X(D_LLQUANT_NSTEPVAL)	/* llquantize() steps beyond 16 bits */ \
	X(D_LLQUANT_NSTEPMATCH)	/* llquantize() steps unlike an earlier one */ \
	X(D_LLQUANT_MAGRANGE)	/* llquantize() high magnitude not above low */ \
	X(D_LLQUANT_FACTORNSTEPS) /* llquantize() fewer steps than the factor */ \
	X(D_LLQUANT_FACTOREVEN)	/* llquantize() steps and factor not dividing */ \
	X(D_LLQUANT_FACTORSMALL) /* llquantize() factor below 2 */ \
	X(D_LLQUANT_MAGTOOBIG)	/* llquantize() range beyond 64 bits */ \
	X(D_NOREG)		/* an expression needing too many registers */ \
	X(D_PRINTM_ADDR)	/* printm() of something not an address */ \
	X(D_PRINTM_SIZE)	/* printm() size not a constant */

#define DT_ERRTAG_ENUM(name) name,
enum dt_errtag { DT_ERRTAGS(DT_ERRTAG_ENUM) DT_ERRTAG_MAX };
#undef DT_ERRTAG_ENUM

/* the tag's name ("D_SYNTAX"); "D_UNKNOWN" for a value out of range */
const char *dt_errtag_name(enum dt_errtag tag);
/* the tag named name, or -1 */
int dt_errtag_lookup(const char *name);

#endif
