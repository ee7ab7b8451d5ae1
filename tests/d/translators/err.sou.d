/* The output of a translator must be a struct or union: D_XLATE_SOU. */
translator int < int x > { };
