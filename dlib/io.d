/*
 * io.d - the io provider's stable types: bufinfo_t, devinfo_t and
 * fileinfo_t (as the Dynamic Tracing Guide defines them), their
 * translators from the kernel's struct request * (io:::start, io:::done,
 * lib/prov/io.c) and from struct file *, and fds[], the current
 * process's open files.
 *
 * Loaded by dtrace before every program; kernel BTF is read only when a
 * program translates something.
 */

/* Solaris' <sys/types.h>: a file offset */
typedef long long offset_t;

typedef struct bufinfo {
	int b_flags;			/* B_READ, B_WRITE, B_ASYNC ... */
	size_t b_bcount;		/* number of bytes */
	caddr_t b_addr;			/* buffer address (none: 0) */
	uint64_t b_blkno;		/* block (512-byte sector) on the device */
	uint64_t b_lblkno;		/* the same: Linux has one block number */
	size_t b_resid;			/* bytes not transferred */
	size_t b_bufsize;		/* size of the buffer */
	caddr_t b_iodone;		/* completion routine (the request's end_io) */
	int b_error;			/* error */
	dev_t b_edev;			/* device (Linux's dev_t: major << 20 | minor) */
} bufinfo_t;

typedef struct devinfo {
	int dev_major;			/* major number */
	int dev_minor;			/* minor number */
	int dev_instance;		/* the disk's index among its driver's */
	string dev_name;		/* the disk's name without its index */
	string dev_statname;		/* the name /proc/diskstats and iostat show */
	string dev_pathname;		/* its node in /dev */
} devinfo_t;

typedef struct fileinfo {
	string fi_name;			/* name (basename of fi_pathname) */
	string fi_dirname;		/* directory (dirname of fi_pathname) */
	string fi_pathname;		/* full pathname */
	offset_t fi_offset;		/* offset within file */
	string fi_fs;			/* filesystem */
	string fi_mount;		/* mount point of file system */
	int fi_oflags;			/* open(2) flags */
} fileinfo_t;

/*
 * b_flags: the values of Solaris' <sys/buf.h> (illumos), which D
 * programs test; Linux has no such header.
 */
inline int B_BUSY = 0x0001;
inline int B_DONE = 0x0002;
inline int B_ERROR = 0x0004;
inline int B_PAGEIO = 0x0010;
inline int B_PHYS = 0x0020;
inline int B_READ = 0x0040;
inline int B_WRITE = 0x0100;
inline int B_ASYNC = 0x0400;

/*
 * The request's operation and flags (struct request's cmd_flags): Linux
 * 6.x's enum req_op and enum req_flag_bits (include/linux/blk_types.h,
 * a kernel-internal header no userland package carries); the io tests
 * check them against the running kernel's BTF.
 */
inline unsigned int __DT_REQ_OP_MASK = 0xff;
inline unsigned int __DT_REQ_OP_READ = 0;
inline unsigned int __DT_REQ_OP_WRITE = 1;
inline unsigned int __DT_REQ_SYNC = 1 << 11;

translator bufinfo_t < struct request *R > {
	b_flags = ((R->cmd_flags & __DT_REQ_OP_MASK) == __DT_REQ_OP_READ ? B_READ :
	    (R->cmd_flags & __DT_REQ_OP_MASK) == __DT_REQ_OP_WRITE ? B_WRITE : 0) |
	    ((R->cmd_flags & __DT_REQ_SYNC) ? 0 : B_ASYNC);
	b_bcount = R->__data_len;
	b_addr = 0;
	b_blkno = R->__sector;
	b_lblkno = R->__sector;
	/* done fires before the block layer counts the bytes off */
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_iodone = (caddr_t)R->end_io;
	/* the completion status is not kept in the request */
	b_error = 0;
	b_edev = R->part ? R->part->bd_dev :
	    (dev_t)((R->q->disk->major << 20) | R->q->disk->first_minor);
};

/* how many digits (at most 3) end string s of length l */
inline int __dt_isdigit[char c] = c >= '0' && c <= '9';
inline int __dt_ndigits[string s, int l] =
    l < 1 || !__dt_isdigit[s[l - 1]] ? 0 :
    l < 2 || !__dt_isdigit[s[l - 2]] ? 1 :
    l < 3 || !__dt_isdigit[s[l - 3]] ? 2 : 3;

/*
 * The disk (or partition) a request goes to.  dev_statname is the name
 * the kernel gives the block device (vda, vda1, loop0, nvme0n1): its
 * name in /proc/diskstats; dev_name is that disk's name without its
 * trailing index digits (loop0: loop), dev_instance the disk's index
 * among its driver's disks (its first minor over the minors a disk
 * takes).  A block device's name is its disk's (char[DISK_NAME_LEN], 32)
 * then for a partition an optional "p" and the partition's number
 * (add_partition(): "%s%s%d"), at most 35 characters: read as a
 * char[40], a string of known bound, so an aggregation keyed by it keeps
 * it in 48 bytes rather than strsize's (sema/agg.c).
 */
typedef char __dt_bdevname_t[40];

/* io:::'s args[1]: the request's block device (lib/prov/io.c finds it:
 * the partition or whole disk, a flush's disk's own) */
translator devinfo_t < struct block_device *B > {
	dev_major = B->bd_dev >> 20;
	dev_minor = B->bd_dev & 0xfffff;
	dev_instance = B->bd_disk->minors > 0 ?
	    B->bd_disk->first_minor / B->bd_disk->minors : 0;
	dev_name = substr(stringof(B->bd_disk->disk_name), 0,
	    strlen(B->bd_disk->disk_name) - __dt_ndigits[stringof(B->bd_disk->disk_name),
	    strlen(B->bd_disk->disk_name)]);
	dev_statname = stringof(*(__dt_bdevname_t *)B->bd_device.kobj.name);
	dev_pathname = strjoin("/dev/", stringof(B->bd_device.kobj.name));
};

/* a request's device, for xlate <devinfo_t *>(rq) */
translator devinfo_t < struct request *R > {
	dev_major = R->part ? R->part->bd_dev >> 20 : R->q->disk->major;
	dev_minor = R->part ? R->part->bd_dev & 0xfffff : R->q->disk->first_minor;
	dev_instance = R->q->disk->minors > 0 ?
	    R->q->disk->first_minor / R->q->disk->minors : 0;
	dev_name = substr(stringof(R->q->disk->disk_name), 0,
	    strlen(R->q->disk->disk_name) - __dt_ndigits[stringof(R->q->disk->disk_name),
	    strlen(R->q->disk->disk_name)]);
	dev_statname = R->part ?
	    stringof(*(__dt_bdevname_t *)R->part->bd_device.kobj.name) :
	    stringof(R->q->disk->disk_name);
	dev_pathname = strjoin("/dev/", R->part ? stringof(R->part->bd_device.kobj.name) :
	    stringof(R->q->disk->disk_name));
};

/*
 * An inode's first name (dentry), and a mount of its filesystem: of the
 * first two on the superblock's list, the first that mounts the whole
 * filesystem (not a bind mount of a directory in it), else the first.
 */
inline struct dentry *__dt_inode_dentry[struct inode *i] =
    (struct dentry *)((uintptr_t)i->i_dentry.first - offsetof(struct dentry, d_u));
inline struct mount *__dt_sb_mount[struct super_block *sb] =
    sb->s_mounts->mnt.mnt_root == sb->s_root ? sb->s_mounts :
    sb->s_mounts->mnt_next_for_sb != NULL &&
    sb->s_mounts->mnt_next_for_sb->mnt.mnt_root == sb->s_root ?
    sb->s_mounts->mnt_next_for_sb : sb->s_mounts;
inline struct vfsmount *__dt_inode_mnt[struct inode *i] =
    (struct vfsmount *)((uintptr_t)__dt_sb_mount[i->i_sb] + offsetof(struct mount, mnt));

/*
 * The file of an I/O request (io:::start and done's args[2]): the
 * regular file whose page cache page the request's data starts in, as
 * lib/prov/io.c finds it; NULL for I/O no file is associated with
 * (direct I/O's user pages, filesystem metadata, requests without data):
 * the Guide's "<none>".  A file is named by its inode's first name and
 * the path from the first mount of its filesystem ("<unknown>" when it
 * has neither: a removed file); the offset is not known (-1).
 */
translator fileinfo_t < struct inode *I > {
	fi_name = I == NULL ? "<none>" : I->i_dentry.first == NULL ? "<unknown>" :
	    stringof(__dt_inode_dentry[I]->d_name.name);
	fi_dirname = I == NULL ? "<none>" :
	    I->i_dentry.first == NULL || I->i_sb->s_mounts == NULL ? "<unknown>" :
	    dirname(__dt_d_path(__dt_inode_dentry[I], __dt_inode_mnt[I]));
	fi_pathname = I == NULL ? "<none>" :
	    I->i_dentry.first == NULL || I->i_sb->s_mounts == NULL ? "<unknown>" :
	    __dt_d_path(__dt_inode_dentry[I], __dt_inode_mnt[I]);
	fi_offset = -1;
	fi_fs = I == NULL ? "<none>" : stringof(I->i_sb->s_type->name);
	fi_mount = I == NULL ? "<none>" : I->i_sb->s_mounts == NULL ? "<unknown>" :
	    __dt_d_path(__dt_inode_mnt[I]->mnt_root, __dt_inode_mnt[I]);
	fi_oflags = 0;
};

/*
 * An open file.  fi_pathname and fi_mount are the paths of the file's
 * dentry and of its mount's root (cg/path.c's walk, as cwd's); fi_fs is
 * the filesystem type's name (ext4, tmpfs, proc); fi_offset the file
 * position; fi_oflags the open(2) flags it has now (f_flags).  A NULL
 * file (a closed or out-of-range descriptor) is the Guide's file with no
 * information: "<none>" and offset -1.
 */
translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" :
	    dirname(__dt_d_path(F->f_path.dentry, F->f_path.mnt));
	fi_pathname = F == NULL ? "<none>" : __dt_d_path(F->f_path.dentry, F->f_path.mnt);
	fi_offset = F == NULL ? -1 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_inode->i_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" :
	    __dt_d_path(F->f_path.mnt->mnt_root, F->f_path.mnt);
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

/* the current process's open file fd */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : NULL);
