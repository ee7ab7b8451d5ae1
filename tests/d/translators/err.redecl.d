/* Two translators for one pair of types: D_XLATE_REDECL. */
struct out_t { int a; };
translator struct out_t < int x > { a = x; };
translator struct out_t < int y > { a = y + 1; };
