#ifndef BR_BANNED_H
#define BR_BANNED_H
/*
 * Functions that are easy to misuse in a program that reads untrusted input
 * (git's banned.h). Included last by every .c file through br.h; using one of
 * these fails the build with an "undeclared" error that names the ban.
 */
#define BR_BANNED(func) sorry_##func##_is_banned_in_benchreport

#undef strcpy
#define strcpy(x, y) BR_BANNED(strcpy)
#undef strcat
#define strcat(x, y) BR_BANNED(strcat)
#undef sprintf
#define sprintf(...) BR_BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BR_BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BR_BANNED(strtok)
#undef atoi
#define atoi(x) BR_BANNED(atoi)
#undef gmtime
#define gmtime(x) BR_BANNED(gmtime)
#undef localtime
#define localtime(x) BR_BANNED(localtime)

#endif
