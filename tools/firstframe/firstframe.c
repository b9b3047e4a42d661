/*
 * firstframe: how long a program takes to put its first drawn frame on an
 * X screen. Used by scripts/first-frame.sh (the desktop app's start, issue
 * 30 item 6; docs/performance.md).
 *
 *   firstframe TIMEOUT_SECONDS PROGRAM [ARG...]
 *
 * Starts PROGRAM on $DISPLAY (an empty Xvfb screen: one flat colour), reads
 * the whole screen back (XGetImage, a few milliseconds on Xvfb) until it
 * holds at least 8 colours, prints the seconds from the start of PROGRAM
 * to that moment ("first frame 0.812 s"), then ends PROGRAM (SIGTERM) and
 * waits for it. Exit status 0, or 1 when no frame came within the timeout.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* colours counts the distinct colours of a grid of pixels of img, up to 8. */
static int colours(XImage *img)
{
	unsigned long seen[8];
	int n = 0;
	for (int y = 0; y < img->height; y += 8) {
		for (int x = 0; x < img->width; x += 8) {
			unsigned long p = XGetPixel(img, x, y);
			int i = 0;
			while (i < n && seen[i] != p)
				i++;
			if (i == n) {
				seen[n++] = p;
				if (n == 8)
					return n;
			}
		}
	}
	return n;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: firstframe TIMEOUT_SECONDS PROGRAM [ARG...]\n");
		return 2;
	}
	double timeout = atof(argv[1]);
	Display *d = XOpenDisplay(NULL);
	if (!d) {
		fprintf(stderr, "firstframe: cannot open the display\n");
		return 2;
	}
	Window root = DefaultRootWindow(d);
	XWindowAttributes wa;
	XGetWindowAttributes(d, root, &wa);
	double t0 = now();
	pid_t pid = fork();
	if (pid < 0) {
		perror("firstframe: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror("firstframe: exec");
		_exit(127);
	}
	int status = 1;
	for (;;) {
		XImage *img = XGetImage(d, root, 0, 0, wa.width, wa.height, AllPlanes, ZPixmap);
		double t = now() - t0;
		int n = img ? colours(img) : 0;
		if (img)
			XDestroyImage(img);
		if (n >= 8) {
			printf("first frame %.3f s\n", t);
			status = 0;
			break;
		}
		if (t > timeout) {
			printf("no frame within %.0f s\n", timeout);
			break;
		}
		if (waitpid(pid, NULL, WNOHANG) == pid) {
			printf("the program ended without a frame\n");
			return 1;
		}
		usleep(2000);
	}
	fflush(stdout);
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	return status;
}
