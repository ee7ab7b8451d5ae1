BEGIN { @a = count(); }
BEGIN { @a = sum(1); }
